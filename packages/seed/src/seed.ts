import { createHash } from 'node:crypto';
import { HEAD_OFFICE_STRUCTURE_ID } from '@gdf/domain';
import type { Database } from '@gdf/server/seed-api';
import {
  applicationTables,
  dropForBulkLoad,
  nonEmptyTables,
  recoverInterruptedLoad,
  resetSequences,
  restoreAfterBulkLoad,
  truncateAll,
  vacuumAnalyze,
} from './bulk';
import { seedAccountingDefaults } from './accounting';
import { buildSeasons, type Season } from './catalog';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoStructure } from './demo-accounts';
import { fluxChunks, type FluxStats } from './flux';
import { loadFlux, loadTable, summarize } from './loaders';
import { demoPasswordHash } from './password';
import { planStructures } from './plan-structures';
import { SCALES, type SeedScale, type StructurePlan } from './plan-types';
import { planUsers } from './plan-users';
import { Rng } from './random';
import { FluxStory, type BankPending } from './story';
import { referenceLoads, type TableLoad } from './write-reference';
import {
  affiliationLoad,
  affiliationTemporaireLoad,
  departmentLoad,
  ribLoad,
  structureAddressLoad,
  structureLoad,
} from './write-structures';
import { demoLoginLoads, licenceLoad, userAddressLoad, userLoad } from './write-users';

/**
 * Deterministic demo data (R-DATA-08): same options, same rows. `today` only
 * decides which season is current and caps dates; everything else comes from `seed`.
 */
export interface SeedOptions {
  flux: number;
  scale?: SeedScale;
  /** Empty every application table first (TRUNCATE ... RESTART IDENTITY CASCADE). */
  reset?: boolean;
  /** Defaults to the real date; pass it explicitly for reproducible data. */
  today?: Date;
  seed?: number;
  onProgress?: (message: string) => void;
}

export interface SeedSummary {
  /** Rows per application table, counted in the database after loading. */
  counts: Record<string, number>;
  fluxCount: number;
  detailLines: number;
  /** Sum of MontantTTC over all flux, in cents, as summed by the database. */
  fluxTtcCents: string;
  /** SHA-256 over every CSV row written (per table, so chunk sizes do not matter): equal hashes mean identical data. */
  contentHash: string;
  currentSeason: number;
  demoStructures: Record<DemoStructure, { id: number; name: string }>;
  /** The bank's last days, not imported yet: what the sample bank files hold (demo-bank-files.ts). */
  bank: BankPending;
  /** Direct debits the bank returned that were relaunched (R-FLUX-05). */
  relaunched: number;
  elapsedMs: number;
}

export class SeedRefusedError extends Error {}

const FLUX_TABLES = ['MKP_FluxFinancier', 'MKP_FluxFinancierDetail'];
/** Below this many flux, keeping the flux indexes is cheaper than rebuilding them. */
const DROP_INDEXES_FROM = 20_000;
/** Tables of the 'full' scale big enough (100,000+ rows) to load before indexing. */
const LARGE_TABLES = ['UTI_Utilisateur', 'ADR_Adresse', 'LIC_Licence'];

export async function seedDemoData(database: Database, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => undefined);
  const scale = options.scale ?? 'full';
  const seed = options.seed ?? 1318;
  if (!Number.isInteger(options.flux) || options.flux < 0) throw new RangeError('flux doit être un entier positif');

  await prepareDatabase(database, options.reset === true, progress);

  const seasons: Season[] = buildSeasons(options.today ?? new Date());
  // Loaded here, not with the module: faker's locales weigh ~38 MB of resident memory, which
  // importers that only read the demo accounts or the bulk helpers do not need.
  const { Faker, base, fr } = await import('@faker-js/faker');
  const faker = new Faker({ locale: [fr, base] });
  faker.seed(seed);
  const structures = planStructures(scale, seasons, new Rng(seed, 'structures'), faker);
  const users = planUsers(SCALES[scale].users, structures, seasons, new Rng(seed, 'users'), faker);
  const passwordHash = await demoPasswordHash(DEMO_PASSWORD, new Rng(seed, 'password'));
  // One hash per stream: flux and lines are produced interleaved, in chunks whose size is
  // a tuning detail, so each table's rows are hashed on their own and combined at the end.
  const hashes = [createHash('sha256'), createHash('sha256'), createHash('sha256')] as const;

  const loads: TableLoad[] = [
    ...referenceLoads(seasons),
    userLoad(users, new Rng(seed, 'user-rows')),
    structureAddressLoad(structures),
    userAddressLoad(users, structures, new Rng(seed, 'user-addresses'), faker),
    departmentLoad(structures),
    structureLoad(structures),
    ribLoad(structures, seasons, new Rng(seed, 'ribs')),
    affiliationLoad(structures, seasons, new Rng(seed, 'affiliations')),
    affiliationTemporaireLoad(structures, seasons, new Rng(seed, 'affiliation-requests')),
    licenceLoad(users, structures, seasons, new Rng(seed, 'licences')),
    ...demoLoginLoads(structures, passwordHash),
  ];
  const story = new FluxStory(seasons, structures, seed);
  const stats: FluxStats = { flux: 0, details: 0, ttcCents: 0 };
  const tables = await applicationTables(database);
  const indexTables = [
    ...(options.flux >= DROP_INDEXES_FROM ? FLUX_TABLES : []),
    ...(scale === 'full' ? LARGE_TABLES : []),
  ];
  const deferred = await dropForBulkLoad(database, tables, indexTables);
  try {
    for (const load of loads) await loadTable(database, load, hashes[0], progress);
    const pairs = fluxChunks(options.flux, seasons, structures, users, new Rng(seed, 'flux'), stats, story);
    await loadFlux(database, pairs, options.flux, stats, [hashes[1], hashes[2]], progress);
    // The SEPA batches, their audit rows and the bank's returns: known once the flux are written.
    for (const load of story.loads(HEAD_OFFICE_STRUCTURE_ID)) await loadTable(database, load, hashes[0], progress);
  } finally {
    const count = deferred.reduce((n, d) => n + d.indexes.length, 0);
    if (count > 0) progress(`reconstruction de ${count} index et des clés étrangères...`);
    await restoreAfterBulkLoad(database, deferred, progress);
  }

  await resetSequences(database, tables);
  // After resetSequences: these rows take their ids from the identity sequences.
  await seedAccountingDefaults(
    database,
    Object.values(structures.demo).map((s) => s.id),
  );
  progress('VACUUM (ANALYZE)...');
  await vacuumAnalyze(database, tables);
  const summary = await summarize(database, tables);
  if (summary.fluxTtcCents !== String(stats.ttcCents)) {
    throw new Error(`Somme des flux incohérente : ${summary.fluxTtcCents} en base, ${stats.ttcCents} générés`);
  }
  return {
    ...summary,
    contentHash: createHash('sha256')
      .update(hashes.map((h) => h.digest('hex')).join(''))
      .digest('hex'),
    currentSeason: (seasons.at(-1) as Season).id,
    demoStructures: demoStructuresOf(structures),
    bank: story.bankPending(),
    relaunched: story.relaunched,
    elapsedMs: performance.now() - started,
  };
}

/** Emptied first with `reset`; an interrupted load recovered; else refused when it holds data. */
async function prepareDatabase(database: Database, reset: boolean, progress: (message: string) => void) {
  if (reset) {
    progress('vidage des tables (TRUNCATE ... RESTART IDENTITY CASCADE)');
    await truncateAll(database);
  }
  await recoverInterruptedLoad(database, progress);
  if (reset) return;
  const filled = await nonEmptyTables(database);
  if (filled.length > 0) {
    throw new SeedRefusedError(
      `La base contient déjà des données (${filled.slice(0, 4).join(', ')}${filled.length > 4 ? '...' : ''}). ` +
        'Relancez avec --reset pour tout effacer et régénérer.',
    );
  }
}

function demoStructuresOf(structures: StructurePlan): SeedSummary['demoStructures'] {
  return Object.fromEntries(
    DEMO_ACCOUNTS.map((a) => [
      a.structure,
      { id: structures.demo[a.structure].id, name: structures.demo[a.structure].name },
    ]),
  ) as SeedSummary['demoStructures'];
}
