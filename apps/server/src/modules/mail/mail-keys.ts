import { createHash } from 'node:crypto';
import type { MailDocumentRef } from '@gdf/domain';
import { uniqueViolation } from '../../db/database-errors';
import type { RequestScope } from '../scope/scope';

/**
 * R-MAIL-03: a request key is its asker's own (CleDemande, APP_Traitement.Cle): another user's
 * key never answers with their delivery or job, nor refuses this one.
 */
export const userKey = (scope: RequestScope, key: string) => `${scope.actor.userId}:${key}`;

/** A delivery's own tag in its Message-ID (R-MAIL-04), derived from its key. */
export const keyTag = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** A batch's documents, in a comparable form (order and repeats aside). */
export const documentsKey = (documents: readonly MailDocumentRef[]) =>
  [...new Set(documents.map((d) => `${d.type}:${d.id}`))].sort().join(',');

/** Two requests with one key met on the key's unique index (R-MAIL-03). */
export const isKeyConflict = (error: unknown) => {
  const violation = uniqueViolation(error);
  return (
    violation !== null &&
    (violation.constraint === 'mel_envoi_cle_uq' || String((error as Error).message ?? '').includes('mel_envoi_cle_uq'))
  );
};
