import {
  INVOICING_MESSAGES,
  INVOICING_WRITE,
  ModuleSlug,
  draftTotal,
  type AvoirRequest,
  type DraftSummary,
  type DraftView,
  type IssuedInvoiceView,
  type TarifOption,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { requireGrant, requireModule, type RequestScope } from '../scope/scope';
import { toDraftView } from './draft-view';
import { deleteDraft, findDraft, insertDraft, listDrafts, updateDraft } from './draft.repository';
import { issueAvoir } from './invoice-avoir';
import {
  INVOICING_AUDIT,
  audit,
  checkInvoiceFor,
  conflict,
  draftValues,
  requireEditable,
  storedDraftValues,
  visibleDraft,
  type DraftInput,
  type InvoicingSettings,
} from './invoice-checks';
import { createInvoiceIssue } from './invoice-issue';
import { listTarifs } from './invoicing.repository';

export type { InvoicingSettings } from './invoice-checks';

const DRAFTS_LISTED = 200;

/**
 * 'Création factures' (R-INV-01 to R-INV-07, R-INV-10): reading needs the module, every write
 * its grant, then one transaction with its audit rows.
 */
export function createInvoicingService(database: Database, settings: InvoicingSettings) {
  const now = () => settings.clock?.() ?? new Date();
  const issuing = createInvoiceIssue(database, settings, now);

  return {
    async tarifs(scope: RequestScope): Promise<TarifOption[]> {
      requireModule(scope, ModuleSlug.CreationFactures);
      return (await listTarifs(database)).map((tarif) => ({
        ...tarif,
        prixUnitaireCentimes: Number(tarif.prixUnitaireCentimes),
      }));
    },

    async list(scope: RequestScope): Promise<DraftSummary[]> {
      requireModule(scope, ModuleSlug.CreationFactures);
      return (await listDrafts(database, scope, DRAFTS_LISTED)).map((draft) => {
        const { lignes: _lines, note: _note, ...summary } = toDraftView(draft);
        return summary;
      });
    },

    async get(scope: RequestScope, id: number): Promise<DraftView> {
      requireModule(scope, ModuleSlug.CreationFactures);
      return toDraftView(await visibleDraft(database, scope, id));
    },

    async create(scope: RequestScope, input: DraftInput): Promise<DraftView> {
      requireGrant(scope, INVOICING_WRITE);
      const values = draftValues(input);
      return database.transaction(async (tx) => {
        await checkInvoiceFor(tx, scope, values, now());
        const id = await insertDraft(tx, scope, values);
        await audit(tx, scope, INVOICING_AUDIT.draftCreated, 'FAC_Brouillon', id, {
          structure: values.structureId,
          totalCentimes: draftTotal(values.lines),
        });
        return toDraftView((await findDraft(tx, scope, id))!);
      });
    },

    async update(scope: RequestScope, id: number, input: DraftInput & { version: number }): Promise<DraftView> {
      requireGrant(scope, INVOICING_WRITE);
      const values = draftValues(input);
      return database.transaction(async (tx) => {
        const draft = await visibleDraft(tx, scope, id, true);
        requireEditable(draft, input.version);
        await checkInvoiceFor(tx, scope, values, now());
        if (!(await updateDraft(tx, id, input.version, values))) throw conflict(INVOICING_MESSAGES.staleVersion);
        const before = storedDraftValues(draft);
        await audit(tx, scope, INVOICING_AUDIT.draftChanged, 'FAC_Brouillon', id, {
          avant: {
            structure: before.structureId,
            totalCentimes: draftTotal(before.lines),
            lignes: before.lines.length,
          },
          apres: {
            structure: values.structureId,
            totalCentimes: draftTotal(values.lines),
            lignes: values.lines.length,
          },
          version: input.version + 1,
        });
        return toDraftView((await findDraft(tx, scope, id))!);
      });
    },

    async remove(scope: RequestScope, id: number, version: number): Promise<void> {
      requireGrant(scope, INVOICING_WRITE);
      await database.transaction(async (tx) => {
        const draft = await visibleDraft(tx, scope, id, true);
        requireEditable(draft, version);
        if (!(await deleteDraft(tx, id, version))) throw conflict(INVOICING_MESSAGES.staleVersion);
        await audit(tx, scope, INVOICING_AUDIT.draftDeleted, 'FAC_Brouillon', id, {
          structure: draft.structureId,
          libelle: draft.label,
        });
      });
    },

    /** R-INV-05: the draft's invoice as it would be issued now, marked 'BROUILLON' (invoice-issue.ts). */
    preview: issuing.preview,

    /** R-INV-05: 'Émettre' (invoice-issue.ts). */
    issue: issuing.issue,

    /** R-MAIL-09: 'Émettre et envoyer' (invoice-issue.ts). */
    issueAndSend: issuing.issueAndSend,

    /** R-INV-07: an avoir on an issued invoice (invoice-avoir.ts). */
    async avoir(scope: RequestScope, request: AvoirRequest): Promise<IssuedInvoiceView> {
      requireGrant(scope, INVOICING_WRITE);
      return issueAvoir(database, settings.issuance, now(), scope, request);
    },
  };
}
