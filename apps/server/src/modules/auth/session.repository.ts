import type { Database } from '../../db/database';

export type RevocationReason = 'deconnexion' | 'reutilisation';

export async function insertSession(
  database: Database,
  session: { id: string; userId: number; refreshHash: string; expiresAt: Date },
): Promise<void> {
  await database.query(
    `INSERT INTO "UTI_Session" (id, "ID_Utilisateur", "RefreshHash", "DateExpiration") VALUES ($1, $2, $3, $4)`,
    [session.id, session.userId, session.refreshHash, session.expiresAt.toISOString()],
  );
  // The user's sessions over for a day go now: the table holds live sessions, not history.
  await database.query(
    `DELETE FROM "UTI_Session" WHERE "ID_Utilisateur" = $1
        AND LEAST("DateExpiration", COALESCE("DateRevocation", 'infinity')) < now() - interval '1 day'`,
    [session.userId],
  );
}

/**
 * The check made on every authenticated request: one primary-key lookup, joined with the
 * login so a deactivation by SQL outside the app is seen too.
 */
export async function isSessionActive(database: Database, sessionId: string, userId: number): Promise<boolean> {
  const rows = await database.query<{ ok: number }>(
    `SELECT 1 AS ok FROM "UTI_Session" s JOIN "UTI_Login" l ON l."ID_Utilisateur" = s."ID_Utilisateur"
      WHERE s.id = $1 AND s."ID_Utilisateur" = $2 AND s."DateRevocation" IS NULL
        AND s."DateExpiration" > now() AND l."EST_Actif"`,
    [sessionId, userId],
    { prepared: true },
  );
  return rows.length > 0;
}

/**
 * Rotation: replaces the presented refresh hash by the next one, in one conditional
 * UPDATE, so of two concurrent refreshes with the same token exactly one rotates.
 */
export async function rotateRefresh(
  database: Database,
  sessionId: string,
  presentedHash: string,
  nextHash: string,
): Promise<{ userId: number; expiresAt: Date } | null> {
  const rows = await database.query<{ userId: number; expiresAt: Date | string }>(
    `UPDATE "UTI_Session" s SET "RefreshHashPrecedent" = s."RefreshHash", "RefreshHash" = $3, "DateRotation" = now()
       FROM "UTI_Login" l
      WHERE s.id = $1 AND s."RefreshHash" = $2 AND s."DateRevocation" IS NULL AND s."DateExpiration" > now()
        AND l."ID_Utilisateur" = s."ID_Utilisateur" AND l."EST_Actif"
      RETURNING s."ID_Utilisateur" AS "userId", s."DateExpiration" AS "expiresAt"`,
    [sessionId, presentedHash, nextHash],
  );
  const row = rows[0];
  return row ? { userId: row.userId, expiresAt: new Date(row.expiresAt) } : null;
}

export interface SessionRecord {
  userId: number;
  refreshHash: string;
  previousHash: string | null;
  /** Milliseconds since the last rotation (null: never rotated). */
  sinceRotationMs: number | null;
  expiresAt: Date;
  live: boolean;
}

export async function findSession(database: Database, sessionId: string): Promise<SessionRecord | null> {
  const rows = await database.query<
    Omit<SessionRecord, 'expiresAt' | 'sinceRotationMs'> & {
      expiresAt: Date | string;
      sinceRotationMs: number | string | null;
    }
  >(
    `SELECT s."ID_Utilisateur" AS "userId", s."RefreshHash" AS "refreshHash",
            s."RefreshHashPrecedent" AS "previousHash", s."DateExpiration" AS "expiresAt",
            (extract(epoch FROM now() - s."DateRotation") * 1000)::float8 AS "sinceRotationMs",
            (s."DateRevocation" IS NULL AND s."DateExpiration" > now() AND l."EST_Actif") AS live
       FROM "UTI_Session" s JOIN "UTI_Login" l ON l."ID_Utilisateur" = s."ID_Utilisateur"
      WHERE s.id = $1`,
    [sessionId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ...row,
    expiresAt: new Date(row.expiresAt),
    sinceRotationMs: row.sinceRotationMs === null ? null : Number(row.sinceRotationMs),
  };
}

export async function revokeSession(database: Database, sessionId: string, reason: RevocationReason): Promise<void> {
  await database.query(
    `UPDATE "UTI_Session" SET "DateRevocation" = now(), "MotifRevocation" = $2
      WHERE id = $1 AND "DateRevocation" IS NULL`,
    [sessionId, reason],
  );
}
