import { creditCell, debitCell, licenceNumber, licenseeName } from '@gdf/domain';
// Relative, not '@/': the load bench (bench/src/load) reads the query through this file.
import { formatAmount, formatDateTime } from '../../../lib/format';
import { fluxSearchMessages as m } from '../messages';
import type { FluxColumn } from './flux-column-types';
import { field, optionalField, optionalRelation, relation, type RowOf, type Selection } from './selection';

/*
 * THE definition of the flux search's results (R-SEARCH-08, R-SEARCH-17, R-SEARCH-19): the
 * table, the phone cards, the export, the GraphQL query and the row type are derived from
 * FLUX_FIELDS and FLUX_COLUMNS (column-views.ts), for what the viewer may see.
 *
 * To add a column (say 'Référence bancaire', head office only), three files change:
 * 1. this file: its GraphQL field in FLUX_FIELDS (`headOfficeField<string>()`: never asked
 *    for anyone else) and one FLUX_COLUMNS entry (`text`, `card`, `export`);
 * 2. ../messages.ts: its French label;
 * 3. apps/server/src/graphql/metadata/tables.ts: the column's exposure ('head-office': read as
 *    null for anyone else, R-SCOPE-07).
 * A column drawn with more than text adds a renderer (flux-renderers.tsx); a sortable one
 * names its key in utils/search-url.ts and its order in utils/order-by.ts.
 * column-views.test.tsx adds such a column and follows it everywhere.
 */
export const FLUX_FIELDS = {
  id: field<number>(),
  NomFluxFinancier: field<string>(),
  Z_DateCreation: field<string>(),
  MontantTTC: field<string | number>(),
  EST_Debit: field<boolean>(),
  /** With the return below, the row's payment status (fluxPaymentStatus, R-FLUX-08). */
  EST_Reglement: field<boolean>(),
  /** R-FLUX-09: the day it was settled (yyyy-mm-dd), null unless settled; 'Réglé le …'. */
  DateReglement: optionalField<string | null>(),
  ID_FluxFinancierRelance: field<number | null>(),
  /** The structure the flux belongs to: its name links to its page ('Situation de la structure'). */
  ID_Structure: optionalField<number>(),
  STR_Structure: relation({ NomStructure: field<string>() }),
  UTI_Utilisateur: relation({
    CT_Nom: field<string | null>(),
    CT_Prenom: field<string | null>(),
    LicenceNumero: field<number | null>(),
  }),
  /** The bank's reject or return of a direct debit (R-RET-02), read-only (ADR 0012). */
  MKP_RetourPrelevement: optionalRelation({
    CodeRaison: field<string | null>(),
    DateRetour: field<string>(),
    TypeRetour: field<'rejet' | 'retour'>(),
  }),
} as const satisfies Selection;

/** One results row, as the search query selects it (R-SEARCH-08). */
export type FluxRow = RowOf<typeof FLUX_FIELDS>;
type FluxFieldName = keyof typeof FLUX_FIELDS;
export type FluxColumnDef = FluxColumn<FluxRow, FluxFieldName>;

const signedAmount = (row: FluxRow, debit: boolean) => (row.EST_Debit === debit ? Number(row.MontantTTC) : null);

/**
 * The ten columns in the table's order (with the rejected search's reason after the label).
 * Widths fit the ten from 1280 px wide (TABLE_MIN_WIDTH): the header with its sort arrow, and
 * '1 000 000,00 €' (the largest amount a flux may hold) in full, with 8 px of padding each side;
 * Licencié takes a share, Structure and Libellé the rest, the three cut (TruncatedText). Cards
 * list their fields by `card.order`; the export is SPEC's six columns, by `export.order`.
 */
export const FLUX_COLUMNS: readonly FluxColumnDef[] = [
  {
    id: 'id',
    label: m.columns.id,
    fields: ['id'],
    width: 106,
    sort: 'id',
    text: (row) => String(row.id),
    card: { slot: 'field', order: 1 },
    export: { order: 1, value: 'id' },
  },
  {
    id: 'licence',
    label: m.columns.licence,
    fields: ['UTI_Utilisateur'],
    width: 112,
    sort: 'licence',
    text: (row) => licenceNumber(row.UTI_Utilisateur),
    card: { slot: 'field', order: 5 },
  },
  {
    id: 'licensee',
    label: m.columns.licensee,
    fields: ['UTI_Utilisateur'],
    width: '11%',
    sort: 'licensee',
    text: (row) => licenseeName(row.UTI_Utilisateur),
    card: { slot: 'field', order: 4 },
  },
  {
    id: 'createdAt',
    label: m.columns.createdAt,
    fields: ['Z_DateCreation'],
    width: 130,
    sort: 'createdAt',
    text: (row) => formatDateTime(row.Z_DateCreation),
    card: { slot: 'field', order: 2 },
    export: { order: 6, value: { callback: (row: FluxRow) => new Date(row.Z_DateCreation) } },
  },
  {
    id: 'structure',
    label: m.columns.structure,
    fields: ['ID_Structure', 'STR_Structure'],
    sort: 'structure',
    card: { slot: 'field', order: 3 },
    export: { order: 2, value: 'STR_Structure.NomStructure' },
  },
  {
    id: 'label',
    label: m.columns.label,
    fields: ['NomFluxFinancier', 'EST_Reglement', 'DateReglement', 'ID_FluxFinancierRelance', 'MKP_RetourPrelevement'],
    sort: 'label',
    card: { slot: 'title' },
    export: { order: 3, value: 'NomFluxFinancier' },
  },
  {
    id: 'reason',
    label: m.columns.reason,
    fields: ['MKP_RetourPrelevement'],
    rejectedOnly: true,
    width: '14%',
  },
  {
    id: 'debit',
    label: m.columns.debit,
    fields: ['EST_Debit', 'MontantTTC'],
    width: 118,
    align: 'right',
    sort: 'debit',
    text: (row) => debitCell(row, formatAmount),
    // The row's one amount on a card, under its column's label (the other column holds '-').
    card: { slot: 'field', order: 6, when: (row) => row.EST_Debit },
    // Amounts as numbers, so a spreadsheet can sum them; '' (the default value) where not applicable.
    export: { order: 4, amount: true, value: { callback: (row: FluxRow) => signedAmount(row, true) } },
  },
  {
    id: 'credit',
    label: m.columns.credit,
    fields: ['EST_Debit', 'MontantTTC'],
    width: 118,
    align: 'right',
    sort: 'credit',
    text: (row) => creditCell(row, formatAmount),
    card: { slot: 'field', order: 6, when: (row) => !row.EST_Debit },
    export: { order: 5, amount: true, value: { callback: (row: FluxRow) => signedAmount(row, false) } },
  },
  // The detail modal's title (until the detail answers) reads the label and the structure.
  {
    id: 'action',
    label: m.columns.action,
    fields: ['id', 'NomFluxFinancier', 'STR_Structure'],
    width: 62,
    align: 'center',
    card: { slot: 'button' },
  },
  {
    id: 'justificatif',
    label: m.columns.justificatif,
    fields: ['id'],
    width: 90,
    align: 'center',
    card: { slot: 'button' },
  },
];
