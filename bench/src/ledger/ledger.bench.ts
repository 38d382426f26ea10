/**
 * The ledger figures (R-LEDG-07, R-PERF-07) on the bench database, the head office's books (every flux): the
 * validation of its last ended fiscal year from nothing (entries per second), the bytes the
 * validated ledger takes per entry, and the FEC of that year (time, size, and the same
 * SHA-256 when produced again). The FEC goes through the A47 A-1 checker as always.
 */
import { HEAD_OFFICE_STRUCTURE_ID, parisToday, StructureType, type FecQuery } from '@gdf/domain';
import type { Database } from '../../../apps/server/src/db/database';
import { exportFecFile } from '../../../apps/server/src/modules/exports-sage/exports-sage.service';
import type { BooksOwner } from '../../../apps/server/src/modules/ledger/books';
import { ensureFiscalYears, listFiscalYears } from '../../../apps/server/src/modules/ledger/fiscal-years.repository';
import { validateEntries } from '../../../apps/server/src/modules/ledger/ledger-validation';
import type { BenchResult } from '../bench-result';
import { headOfficeScope } from '../head-office-scope';

/** Bars of this bench (R-PERF-07 names none; these are ours). */
const BARS = { entriesPerSecond: 5_000, bytesPerEntry: 600, fecSecondsPerMillionLines: 60 };

/** The ledger's tables, emptied before each measure (TRUNCATE, not DELETE: the ledger's triggers refuse to delete a validated entry). */
export async function emptyLedgerTables(database: Database): Promise<void> {
  const tables = [
    'CPT_FichierExport',
    'CPT_FluxComptabilise',
    'CPT_ReglementComptabilise',
    'CPT_EcritureLigne',
    'CPT_EcritureCompte',
    'CPT_Ecriture',
    'CPT_Validation',
    'CPT_Exercice',
  ];
  await database.query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')}`);
}

export async function benchLedger(database: Database, log: (line: string) => void): Promise<BenchResult[]> {
  await emptyLedgerTables(database);
  const owner: BooksOwner = {
    structureId: HEAD_OFFICE_STRUCTURE_ID,
    structureType: StructureType.Federation,
    userId: null,
  };
  const today = parisToday();
  await database.transaction((tx) => ensureFiscalYears(tx, owner, today));
  const years = await listFiscalYears(database, owner.structureId);
  const year = years.filter((y) => y.fin < today).at(-1);
  if (!year) throw new Error('Aucun exercice terminé dans la base de bench');

  log(`  validation de l'exercice ${year.debut} - ${year.fin} du siège...`);
  const started = performance.now();
  const result = await validateEntries(database, owner, {
    exerciceId: year.id,
    jusquau: year.fin,
    closing: false,
    today,
  });
  const validationSeconds = (performance.now() - started) / 1000;
  const entries = result.nbEcritures;
  const perSecond = entries / validationSeconds;

  const [sizes] = await database.query<{ bytes: string; lines: string }>(
    `SELECT (pg_total_relation_size('"CPT_Ecriture"') + pg_total_relation_size('"CPT_EcritureLigne"')
            + pg_total_relation_size('"CPT_EcritureCompte"') + pg_total_relation_size('"CPT_FluxComptabilise"'))::text AS bytes,
            (SELECT count(*) FROM "CPT_EcritureLigne")::text AS lines`,
  );
  const bytesPerEntry = Number(sizes!.bytes) / entries;
  const lines = Number(sizes!.lines);

  const scope = await headOfficeScope(database);
  const query: FecQuery = { exercice: year.id };
  const fecStarted = performance.now();
  const first = await exportFecFile(database, scope, query, today);
  const fecSeconds = (performance.now() - fecStarted) / 1000;
  const again = await exportFecFile(database, scope, query, today);
  if (!first.valid || first.fileName.includes('BROUILLARD')) throw new Error(`FEC non validé : ${first.fileName}`);
  if (again.sha256 !== first.sha256) throw new Error('Le FEC d’un exercice validé a changé entre deux productions');
  log(
    `  ${first.fileName} : ${(first.size / 1e6).toFixed(1)} Mo, ${(first.gzip.length / 1e6).toFixed(1)} Mo stockés, SHA-256 ${first.sha256.slice(0, 12)}… identique`,
  );
  const fecBar = (BARS.fecSecondsPerMillionLines * lines) / 1_000_000;
  return [
    {
      name: `Validation d'un exercice du siège : ${entries.toLocaleString('fr-FR')} écritures, ${lines.toLocaleString('fr-FR')} lignes (${validationSeconds.toFixed(1)} s)`,
      value: Math.round(perSecond),
      unit: 'écritures/s',
      bar: BARS.entriesPerSecond,
      pass: perSecond >= BARS.entriesPerSecond,
      direction: 'min',
    },
    {
      name: 'Grand livre validé par écriture (écritures, lignes, libellés des comptes, index compris)',
      value: Math.round(bytesPerEntry),
      unit: 'o',
      bar: BARS.bytesPerEntry,
      pass: bytesPerEntry <= BARS.bytesPerEntry,
    },
    {
      name: `FEC de cet exercice (${(first.size / 1e6).toFixed(1)} Mo, contrôle A47 A-1 compris ; même SHA-256 à la 2e production)`,
      value: Number(fecSeconds.toFixed(1)),
      unit: 's',
      bar: Number(fecBar.toFixed(0)),
      pass: fecSeconds <= fecBar,
    },
  ];
}
