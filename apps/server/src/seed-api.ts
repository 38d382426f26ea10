/**
 * What the demo-data workspace (@gdf/seed, ADR 0038) may use of the server: the database
 * handle and where the embedded one lives, the password hash, the environment, and the
 * operations the embedded first run applies to the seeded data (issuing the flux'
 * documents, closing the demo's past fiscal years, its reminder letters). The server itself
 * never imports @gdf/seed.
 */
export { openDatabase, type Database } from './db/database';
export { dataDir, defaultPgliteDir } from './db/paths';
export { readEnvironment, type Environment } from './config';
export { hashPassword } from './lib/password';
export { creditorIdentifier } from './modules/exports-sepa/sepa-settings';
export { issueMissingDocuments } from './modules/flux-documents/issue-documents';
export { closeDemoFiscalYears } from './modules/ledger/ledger-validation';
export { issueDemoReminders } from './modules/impayes/demo-reminders';
