/** The demo-data generator (R-DATA-08) and what other workspaces use of it (ADR 0038). */
export { SeedRefusedError, seedDemoData, type SeedOptions, type SeedSummary } from './seed';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, demoUserId, type DemoAccount } from './demo-accounts';
export { applicationTables, nonEmptyTables } from './bulk';
export { Rng } from './random';
export {
  buildDemoBankFiles,
  writeDemoBankFiles,
  DEMO_RETURNS_FILE,
  DEMO_STATEMENT_FILE,
  type DemoBankFiles,
} from './demo-bank-files';
export type { BankPending } from './story';
// A camt.053 balance as the demo statement writes it: the server's test statements write theirs so.
export { balanceXml } from './demo-bank-xml';
