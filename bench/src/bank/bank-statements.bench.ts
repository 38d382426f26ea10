/**
 * The bank figures (R-PERF-07, R-BANK-01, R-BANK-02, R-BANK-09, R-BANK-10) on the bench database
 * (the demo data): a camt.053.001.08 statement of 5,000 entries generated as banks send them,
 * imported through the service the route calls (reading, checks, inserts, then matching of
 * every new credit), and how each entry's proposals compare with what it was generated from.
 * Kinds of entries: invoice number with the exact amount; 'FLUX <id>' with the exact amount;
 * the invoice number of a flux settled already, with its amount (a payment made twice);
 * invoice number with a partial amount; the debtor's IBAN (a structure's RIB) with the amount;
 * and, quoting no reference (40 %): the payer's name only (as a bank writes it: upper case,
 * no accents, often 'ASSOCIATION' before it), a licence number only, a licensee's name only,
 * each paying a flux that another structure's flux of the same amount sits beside in the
 * window; the amount alone; credits of nobody (no flux owes their amount); bank fees.
 */
import {
  HEAD_OFFICE_STRUCTURE_ID,
  highlightedProposal,
  invoiceNumber,
  matchEntry,
  parisToday,
  type BankStatementImportResult,
} from '@gdf/domain';
import type { Database } from '../../../apps/server/src/db/database';
import { importStatementFile } from '../../../apps/server/src/modules/bank-statements/bank-statements.service';
import { entriesByIds } from '../../../apps/server/src/modules/bank-statements/bank-statements.repository';
import { loadMatchingData, matchableEntry } from '../../../apps/server/src/modules/bank-statements/matching-data';
import { camt053Xml, type WrittenEntry } from '../../../apps/server/test/integration/support/statement-writer';
import type { BenchResult } from '../bench-result';
import { headOfficeScope } from '../head-office-scope';

const ENTRIES = 5_000;
const BARS = { importSeconds: 10, precision: 0.99, rightFirst: 0.95, surePrecision: 0.995, otherFirst: 0 };

type Kind =
  | 'facture'
  | 'flux'
  | 'deja_regle'
  | 'partiel'
  | 'iban'
  | 'nom'
  | 'licence'
  | 'licencie'
  | 'montant'
  | 'inconnu'
  | 'frais';
/** Share of each kind, per thousand entries: 'nom', 'licence' and 'licencie' quote no reference (40 %). */
const MIX: [Kind, number][] = [
  ['facture', 200],
  ['flux', 50],
  // A second payment of an invoice already settled: it names a flux no sure proposal may take.
  ['deja_regle', 30],
  ['partiel', 70],
  ['iban', 100],
  ['nom', 150],
  ['licence', 100],
  ['licencie', 150],
  ['montant', 50],
  ['inconnu', 50],
  ['frais', 50],
];
/** Kinds whose payer the entry identifies (by reference, IBAN, name, licence or licensee). */
const PAYER_KINDS: ReadonlySet<Kind> = new Set(['facture', 'flux', 'partiel', 'iban', 'nom', 'licence', 'licencie']);
/** Kinds that quote no reference: their flux has a same-amount flux of another structure beside it. */
const NO_REFERENCE_KINDS: ReadonlySet<Kind> = new Set(['nom', 'licence', 'licencie']);

interface Candidate {
  id: number;
  season: number;
  structure: number;
  structureName: string;
  cents: number;
  created: string;
  iban: string | null;
  lastName: string | null;
  firstName: string | null;
  licence: number | null;
  /** Open flux of the same structure owing the same amount in the window (this one included). */
  sameStructureAmount: number;
  /** Open flux of any structure owing the same amount in the window. */
  sameAmount: number;
}

/** As a bank writes a name: upper case, without accents or punctuation. */
const bankText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A small deterministic generator (mulberry32): the same statement every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const addDays = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Removes earlier bench statements (nothing was confirmed: no flux points to them). */
async function clearBankTables(database: Database) {
  await database.query(
    `UPDATE "MKP_FluxFinancier" SET "ID_EcritureBancaire" = NULL WHERE "ID_EcritureBancaire" IS NOT NULL`,
  );
  await database.query(`DELETE FROM "BQE_RapprochementFlux"`);
  await database.query(`DELETE FROM "BQE_Rapprochement"`);
  await database.query(`DELETE FROM "BQE_EcritureBancaire"`);
  await database.query(`DELETE FROM "BQE_ReleveBancaire"`);
}

export async function benchBankStatements(database: Database, log: (line: string) => void): Promise<BenchResult[]> {
  await clearBankTables(database);
  const [rib] = await database.query<{ IBAN: string }>(
    `SELECT "IBAN" FROM "STR_StructureRib" WHERE "ID_Structure" = $1 AND "EST_Valide" ORDER BY id DESC LIMIT 1`,
    [HEAD_OFFICE_STRUCTURE_ID],
  );
  if (!rib) throw new Error('Le siège n’a pas de RIB dans la base de bench');
  // Open debits of the last 120 days of data, each with its structure's name and RIB, its
  // licensee, and how many open flux of the window owe its amount (its structure's, anyone's).
  const candidates = await database.query<Candidate>(
    `WITH last AS (SELECT max("Z_DateCreation") AS day FROM "MKP_FluxFinancier"),
     open AS (
       SELECT f.id, f."ID_Saison" AS season, f."ID_Structure" AS structure, (f."MontantTTC" * 100)::bigint::int AS cents,
              f."Z_DateCreation" AS created_at, f."ID_Utilisateur" AS user_id,
              count(*) OVER (PARTITION BY f."ID_Structure", f."MontantTTC")::int AS "sameStructureAmount",
              count(*) OVER (PARTITION BY f."MontantTTC")::int AS "sameAmount"
         FROM "MKP_FluxFinancier" f, last
        WHERE f."EST_Debit" AND NOT f."EST_Reglement" AND f."ID_FluxFinancierRelance" IS NULL AND f."MontantTTC" > 1
          AND f."Z_DateCreation" > last.day - interval '200 days')
     SELECT o.id, o.season, o.structure, s."NomStructure" AS "structureName", o.cents,
            to_char(o.created_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS created,
            (SELECT upper(replace(r."IBAN", ' ', '')) FROM "STR_StructureRib" r
              WHERE r."ID_Structure" = o.structure AND r."EST_Valide" ORDER BY r.id DESC LIMIT 1) AS iban,
            u."CT_Nom" AS "lastName", u."CT_Prenom" AS "firstName", u."LicenceNumero" AS licence,
            o."sameStructureAmount", o."sameAmount"
       FROM open o CROSS JOIN last
       JOIN "STR_Structure" s ON s.id = o.structure
       LEFT JOIN "UTI_Utilisateur" u ON u.id = o.user_id
      WHERE o.created_at > last.day - interval '120 days'
      ORDER BY md5(o.id::text) LIMIT $1`,
    [ENTRIES * 4],
  );
  // On the 2,000,000-flux base every entry pays its own flux; a small base pays some twice.
  if (candidates.length < 200) throw new Error(`Trop peu de flux ouverts (${candidates.length})`);
  const settled = await database.query<Candidate>(
    `SELECT f.id, f."ID_Saison" AS season, f."ID_Structure" AS structure, (f."MontantTTC" * 100)::bigint::int AS cents,
            to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS created, NULL AS iban
       FROM "MKP_FluxFinancier" f
      WHERE f."EST_Debit" AND f."EST_Reglement" AND f."MontantTTC" > 1
      ORDER BY f.id DESC LIMIT 1000`,
  );
  const next = random(22);
  const today = parisToday();
  const entries: WrittenEntry[] = [];
  /** What each entry was generated from: its flux (the one to rank first) and its payer. */
  const expected = new Map<string, { kind: Kind; fluxId: number | null; structureId: number | null }>();
  // Flux with a same-amount flux of another structure beside them, for the entries without reference.
  const withDecoy = candidates.filter((c) => c.sameAmount > c.sameStructureAmount);
  const pools: Partial<Record<Kind, Candidate[]>> = {
    iban: candidates.filter((c) => c.iban),
    // The payer's name alone tells one flux only when its structure owes that amount once.
    nom: withDecoy.filter((c) => c.sameStructureAmount === 1),
    licence: withDecoy.filter((c) => c.licence !== null && c.licence > 0),
    licencie: withDecoy.filter((c) => c.lastName !== null),
  };
  const taken = new Set<number>();
  const take = (kind: Kind) => {
    const pool = pools[kind] ?? candidates;
    if (pool.length === 0) throw new Error(`Aucun flux pour les écritures « ${kind} »`);
    // Each flux paid once while the pool lasts.
    for (let tries = 0; tries < pool.length; tries++) {
      const flux = pool[Math.floor(next() * pool.length)]!;
      if (!taken.has(flux.id)) {
        taken.add(flux.id);
        return flux;
      }
    }
    return pool[Math.floor(next() * pool.length)]!;
  };
  for (const [kind, perThousand] of MIX) {
    const count = (ENTRIES * perThousand) / 1000;
    for (let n = 0; n < count; n++) {
      const flux = kind === 'deja_regle' ? settled[n % settled.length]! : take(kind);
      const reference = `B${String(entries.length + 1).padStart(5, '0')}`;
      // A statement covers past days only (R-BANK-08): a recent flux is paid today at the latest.
      const paidOn = addDays(flux.created, 1 + Math.floor(next() * 20));
      const bookingDate = paidOn < today ? paidOn : today;
      const base = { reference, bookingDate, direction: 'credit' as const };
      const entry: WrittenEntry = (() => {
        switch (kind) {
          case 'facture':
            return {
              ...base,
              amountCents: flux.cents,
              remittance: [`REGLEMENT FACTURE ${invoiceNumber(flux.season, flux.id)}`],
            };
          case 'flux':
            return { ...base, amountCents: flux.cents, remittance: [`COTISATION FLUX ${flux.id}`] };
          case 'deja_regle':
            return { ...base, amountCents: flux.cents, remittance: [`FACTURE ${invoiceNumber(flux.season, flux.id)}`] };
          case 'partiel':
            return {
              ...base,
              amountCents: Math.max(1, Math.floor(flux.cents / 2)),
              remittance: [`ACOMPTE ${invoiceNumber(flux.season, flux.id)}`],
            };
          case 'iban':
            return { ...base, amountCents: flux.cents, debtorIban: flux.iban!, remittance: ['VIREMENT'] };
          case 'nom': {
            const name = bankText(flux.structureName);
            return {
              ...base,
              amountCents: flux.cents,
              debtorName: (next() < 0.5 ? `ASSOCIATION ${name}` : name).slice(0, 70),
              remittance: [next() < 0.5 ? 'VIREMENT COTISATION' : 'VIR SEPA'],
            };
          }
          case 'licence':
            return { ...base, amountCents: flux.cents, remittance: [`LICENCE ${flux.licence}`] };
          case 'licencie':
            return {
              ...base,
              amountCents: flux.cents,
              remittance: [`LICENCE ${bankText(`${flux.lastName} ${next() < 0.5 ? (flux.firstName ?? '') : ''}`)}`],
            };
          case 'montant':
            return { ...base, amountCents: flux.cents, remittance: ['VIREMENT'] };
          case 'inconnu':
            return { ...base, amountCents: 1_000_003 + entries.length, remittance: ['SUBVENTION'] };
          case 'frais':
            return { ...base, direction: 'debit', amountCents: 1_250, label: 'FRAIS BANCAIRES' };
        }
      })();
      entries.push(entry);
      const named = PAYER_KINDS.has(kind) || kind === 'montant';
      expected.set(reference, {
        kind,
        fluxId: named ? flux.id : null,
        structureId: PAYER_KINDS.has(kind) ? flux.structure : null,
      });
    }
  }
  log(
    `  ${taken.size.toLocaleString('fr-FR')} flux distincts payés parmi ${candidates.length.toLocaleString('fr-FR')} flux ouverts récents`,
  );
  const noReference = entries.filter((entry) => NO_REFERENCE_KINDS.has(expected.get(entry.reference)!.kind)).length;
  const days = entries.map((entry) => entry.bookingDate).sort();
  const file = camt053Xml(
    [
      {
        id: `BENCH-${Date.now()}`,
        iban: rib.IBAN.replace(/\s/g, ''),
        fromDate: days[0]!,
        toDate: days.at(-1)!,
        openingCents: 0,
        entries,
      },
    ],
    '08',
  );
  log(
    `  relevé camt.053.001.08 de ${entries.length.toLocaleString('fr-FR')} écritures (${(file.length / 1e6).toFixed(1)} Mo), ` +
      `${noReference} sans référence (${((100 * noReference) / entries.length).toFixed(0)} % : nom du payeur, n° de licence ou nom d’un licencié seuls, ` +
      `chacune à côté d’un flux du même montant d’une autre structure)`,
  );

  const scope = await headOfficeScope(database);
  const started = performance.now();
  const result: BankStatementImportResult = await importStatementFile(
    database,
    scope,
    {},
    { fileName: 'bench.xml', bytes: file },
  );
  const importSeconds = (performance.now() - started) / 1000;
  log(
    `  import + rapprochement proposé : ${importSeconds.toFixed(2)} s, ${result.nbPropositionsSures} propositions sûres`,
  );

  // The proposals again, to compare each entry's proposals with its origin.
  const statementId = result.releves[0]!.id;
  const ids = await database.query<{ id: number }>(
    `SELECT id FROM "BQE_EcritureBancaire" WHERE "ID_ReleveBancaire" = $1`,
    [statementId],
  );
  const rows = (
    await entriesByIds(
      database,
      ids.map((row) => row.id),
    )
  ).filter((row) => row.direction === 'credit');
  const matchable = rows.map(matchableEntry);
  const { data } = await loadMatchingData(database, scope, matchable);
  const referenced = { entries: 0, sure: 0, correct: 0 };
  const sure = { all: 0, correct: 0 };
  const payer = { entries: 0, identified: 0, wrongPayer: 0, rightFirst: 0 };
  const other = { highlighted: 0, beforePayer: 0, onlyOthers: 0 };
  const byKind = new Map<Kind, { entries: number; identified: number; rightFirst: number }>();
  for (const entry of matchable) {
    const origin = expected.get(entry.row.reference)!;
    const matched = matchEntry(entry, entry.references, data);
    const [best] = matched.proposals;
    const right =
      best !== undefined && origin.fluxId !== null && best.fluxIds.length === 1 && best.fluxIds[0] === origin.fluxId;
    if (best?.confidence === 'sure') {
      sure.all += 1;
      if (right) sure.correct += 1;
    }
    if (origin.kind === 'facture' || origin.kind === 'flux' || origin.kind === 'deja_regle') {
      // Recall counts the entries whose reference names an open flux; precision all of them.
      if (origin.fluxId !== null) referenced.entries += 1;
      if (best?.confidence === 'sure') {
        referenced.sure += 1;
        if (right) referenced.correct += 1;
      }
    }
    if (origin.structureId !== null) {
      const kind = byKind.get(origin.kind) ?? { entries: 0, identified: 0, rightFirst: 0 };
      kind.entries += 1;
      payer.entries += 1;
      if (matched.payer?.structureId === origin.structureId) {
        payer.identified += 1;
        kind.identified += 1;
      } else if (matched.payer) payer.wrongPayer += 1;
      if (right) {
        payer.rightFirst += 1;
        kind.rightFirst += 1;
      }
      byKind.set(origin.kind, kind);
    }
    if (matched.payer) {
      // R-BANK-10: no proposal for another structure highlighted, none before one of the payer's.
      if (highlightedProposal(matched.proposals)?.otherStructure) other.highlighted += 1;
      const firstOther = matched.proposals.findIndex((p) => p.otherStructure);
      const lastOwn = matched.proposals.findLastIndex((p) => !p.otherStructure);
      if (firstOther !== -1 && lastOwn > firstOther) other.beforePayer += 1;
      if (matched.proposals.length > 0 && matched.proposals.every((p) => p.otherStructure)) other.onlyOthers += 1;
    }
  }
  const precision = referenced.correct / Math.max(1, referenced.sure);
  const recall = referenced.correct / Math.max(1, referenced.entries);
  const surePrecision = sure.correct / Math.max(1, sure.all);
  const rightFirst = payer.rightFirst / Math.max(1, payer.entries);
  const otherFirst = other.highlighted + other.beforePayer;
  log(
    `  références : ${referenced.correct}/${referenced.sure} propositions sûres justes, ${referenced.entries} écritures avec référence ; ` +
      `toutes : ${sure.correct}/${sure.all} sûres justes`,
  );
  log(
    `  payeur identifiable : ${payer.entries} écritures, payeur identifié juste ${payer.identified}, faux ${payer.wrongPayer}, ` +
      `bon flux en tête ${payer.rightFirst} ; ` +
      [...byKind].map(([kind, k]) => `${kind} ${k.rightFirst}/${k.entries} (payeur ${k.identified})`).join(', '),
  );
  log(
    `  autre structure que le payeur en tête : ${other.highlighted} mise en avant, ${other.beforePayer} avant une du payeur ; ` +
      `${other.onlyOthers} écritures dont seules des propositions d’autres structures existent (aucune mise en avant)`,
  );
  await clearBankTables(database);
  return [
    {
      name: `Import camt.053 de ${ENTRIES.toLocaleString('fr-FR')} écritures (${noReference} sans référence) et propositions de rapprochement`,
      value: Number(importSeconds.toFixed(2)),
      unit: 's',
      bar: BARS.importSeconds,
      pass: importSeconds <= BARS.importSeconds,
    },
    {
      name: `Bon flux en tête, écritures dont le payeur est identifiable (${payer.rightFirst}/${payer.entries} ; payeur identifié ${payer.identified}, faux ${payer.wrongPayer})`,
      value: Number((rightFirst * 100).toFixed(2)),
      unit: '%',
      bar: BARS.rightFirst * 100,
      pass: rightFirst >= BARS.rightFirst,
      direction: 'min',
    },
    {
      name: `Propositions sûres justes, toutes écritures (${sure.correct}/${sure.all})`,
      value: Number((surePrecision * 100).toFixed(2)),
      unit: '%',
      bar: BARS.surePrecision * 100,
      pass: surePrecision >= BARS.surePrecision,
      direction: 'min',
    },
    {
      name: `Écritures dont une proposition pour une autre structure que le payeur identifié passe en tête (${other.onlyOthers} n’ont que des propositions d’autres structures, aucune mise en avant)`,
      value: otherFirst,
      unit: 'écritures',
      bar: BARS.otherFirst,
      pass: otherFirst <= BARS.otherFirst,
    },
    {
      name: `Précision des propositions sûres, écritures avec référence (${referenced.correct}/${referenced.sure})`,
      value: Number((precision * 100).toFixed(2)),
      unit: '%',
      bar: BARS.precision * 100,
      pass: precision >= BARS.precision,
      direction: 'min',
    },
    {
      name: `Rappel des propositions sûres, écritures avec référence (${referenced.correct}/${referenced.entries})`,
      value: Number((recall * 100).toFixed(2)),
      unit: '%',
      bar: 0,
      pass: true,
      reference: true,
    },
  ];
}
