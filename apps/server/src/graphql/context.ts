import type { IssuanceSettings } from '../modules/flux-documents/flux-documents.service';
import type { Database } from '../db/database';
import type { RequestScope } from '../modules/scope/scope';
import type { Semaphore } from '../lib/semaphore';
import type { GraphqlCache } from './execution/caches';

/** What every resolver gets: the database, the caller's scope, the variables as sent. */
export interface GraphqlContext {
  database: Database;
  scope: RequestScope;
  issuance: IssuanceSettings;
  rawVariables: Record<string, unknown>;
  /** Run every statement, sharing no cached read (Cache-Control: no-cache, mutations' read-backs). */
  freshReads?: boolean;
  /** The label words looked up by this request's statements (compiler/word-search.ts); a page and its count search the same words. */
  wordLookups?: Map<string, Promise<unknown[] | null>>;
  /** The request's statements run a few at a time (LIMITS.statementsPerRequest). */
  statements?: Semaphore;
  /** Caches the bench switched off (execution/caches.ts); none in production. */
  cachesOff?: ReadonlySet<GraphqlCache>;
}
