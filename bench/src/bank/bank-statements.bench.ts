/**
 * The bank figures (R-PERF-07, R-BANK-01, R-BANK-02) on the bench database (the demo data): a camt.053.001.08 statement of
 * 5,000 entries generated from open flux, imported through the service the route calls
 * (reading, checks, inserts, then matching of every new credit), and the precision and recall
 * of the sure proposals against what each entry was generated from.
 * Kinds of entries: invoice number with the exact amount; 'FLUX <id>' with the exact amount;
 * the invoice number of a flux settled already, with its amount (a payment made twice);
 * invoice number with a partial amount; the debtor's IBAN (a structure's RIB) with the amount;
 * no reference, the amount alone; credits of nobody (no flux owes their amount); bank fees.
 */
import { HEAD_OFFICE_STRUCTURE_ID, invoiceNumber, parisToday, type BankStatementImportResult } from '@gdf/domain';
import type { Database } from '../../../apps/server/src/db/database';
import { importStatementFile } from '../../../apps/server/src/modules/bank-statements/bank-statements.service';
import { entriesByIds } from '../../../apps/server/src/modules/bank-statements/bank-statements.repository';
import { loadMatchingData, matchableEntry } from '../../../apps/server/src/modules/bank-statements/matching-data';
import { proposeMatches } from '@gdf/domain';
import { camt053Xml, type WrittenEntry } from '../../../apps/server/test/support/statement-writer';
import type { BenchResult } from '../bench-result';
import { headOfficeScope } from '../head-office-scope';

const ENTRIES = 5_000;
const BARS = { importSeconds: 10, precision: 0.99 };

type Kind = 'facture' | 'flux' | 'deja_regle' | 'partiel' | 'iban' | 'montant' | 'inconnu' | 'frais';
/** Share of each kind, per thousand entries. */
const MIX: [Kind, number][] = [
  ['facture', 350],
  ['flux', 100],
  // A second payment of an invoice already settled: it names a flux no sure proposal may take.
  ['deja_regle', 50],
  ['partiel', 100],
  ['iban', 100],
  ['montant', 150],
  ['inconnu', 100],
  ['frais', 50],
];

interface Candidate {
  id: number;
  season: number;
  structure: number;
  cents: number;
  created: string;
  iban: string | null;
}

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
  // Open debits of the last 120 days of data, each with its structure's RIB when it has one.
  const candidates = await database.query<Candidate>(
    `WITH last AS (SELECT max("Z_DateCreation") AS day FROM "MKP_FluxFinancier")
     SELECT f.id, f."ID_Saison" AS season, f."ID_Structure" AS structure, (f."MontantTTC" * 100)::bigint::int AS cents,
            to_char(f."Z_DateCreation" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS created,
            (SELECT upper(replace(r."IBAN", ' ', '')) FROM "STR_StructureRib" r
              WHERE r."ID_Structure" = f."ID_Structure" AND r."EST_Valide" ORDER BY r.id DESC LIMIT 1) AS iban
       FROM "MKP_FluxFinancier" f, last
      WHERE f."EST_Debit" AND NOT f."EST_Reglement" AND f."ID_FluxFinancierRelance" IS NULL AND f."MontantTTC" > 1
        AND f."Z_DateCreation" > last.day - interval '120 days'
      ORDER BY md5(f.id::text) LIMIT $1`,
    [ENTRIES * 2],
  );
  if (candidates.length < ENTRIES) throw new Error(`Trop peu de flux ouverts (${candidates.length})`);
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
  /** What each entry was generated from: the flux a sure proposal must name, or none. */
  const expected = new Map<string, { kind: Kind; fluxId: number | null }>();
  const withIban = candidates.filter((c) => c.iban);
  let used = 0;
  const take = (pool: Candidate[]) => pool[used++ % pool.length]!;
  for (const [kind, perThousand] of MIX) {
    const count = (ENTRIES * perThousand) / 1000;
    for (let n = 0; n < count; n++) {
      const flux = kind === 'deja_regle' ? settled[n % settled.length]! : take(kind === 'iban' ? withIban : candidates);
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
            return {
              ...base,
              amountCents: flux.cents,
              debtorIban: flux.iban!,
              debtorName: 'CLUB',
              remittance: ['VIREMENT CLUB'],
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
      const named =
        kind === 'facture' || kind === 'flux' || kind === 'partiel' || kind === 'iban' || kind === 'montant';
      expected.set(reference, { kind, fluxId: named ? flux.id : null });
    }
  }
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
    `  relevé camt.053.001.08 de ${entries.length.toLocaleString('fr-FR')} écritures (${(file.length / 1e6).toFixed(1)} Mo)`,
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

  // The proposals again, to compare each entry's best sure proposal with its origin.
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
  const all = { sure: 0, correct: 0, topCorrect: 0, named: 0 };
  for (const entry of matchable) {
    const origin = expected.get(entry.row.reference)!;
    const [best] = proposeMatches(entry, entry.references, data);
    const right =
      best !== undefined && origin.fluxId !== null && best.fluxIds.length === 1 && best.fluxIds[0] === origin.fluxId;
    if (origin.fluxId !== null) all.named += 1;
    if (right) all.topCorrect += 1;
    if (best?.confidence === 'sure') {
      all.sure += 1;
      if (right) all.correct += 1;
    }
    if (origin.kind === 'facture' || origin.kind === 'flux' || origin.kind === 'deja_regle') {
      // Recall counts the entries whose reference names an open flux; precision all of them.
      if (origin.fluxId !== null) referenced.entries += 1;
      if (best?.confidence === 'sure') {
        referenced.sure += 1;
        if (right) referenced.correct += 1;
      }
    }
  }
  const precision = referenced.correct / Math.max(1, referenced.sure);
  const recall = referenced.correct / Math.max(1, referenced.entries);
  const allPrecision = all.correct / Math.max(1, all.sure);
  log(
    `  références : ${referenced.correct}/${referenced.sure} propositions sûres justes, ${referenced.entries} écritures avec référence ; ` +
      `toutes : ${all.correct}/${all.sure} sûres justes, meilleure proposition juste ${all.topCorrect}/${all.named}`,
  );
  await clearBankTables(database);
  return [
    {
      name: `Import camt.053 de ${ENTRIES.toLocaleString('fr-FR')} écritures et propositions de rapprochement`,
      value: Number(importSeconds.toFixed(2)),
      unit: 's',
      bar: BARS.importSeconds,
      pass: importSeconds <= BARS.importSeconds,
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
    {
      name: `Précision des propositions sûres, toutes écritures (${all.correct}/${all.sure} ; meilleure proposition juste ${all.topCorrect}/${all.named})`,
      value: Number((allPrecision * 100).toFixed(2)),
      unit: '%',
      bar: 0,
      pass: true,
      reference: true,
    },
  ];
}
