import { CONTENT_NATURE, type StoredContent } from '../../db/content-store';
import type { Queryable } from '../../db/queryable';
import { intArray } from '../../db/sql-arrays';

/** One part of a job's ZIP (R-JOB-02): its entries' bytes as a DOC_Contenu row. */
export async function insertZipPart(tx: Queryable, bytes: Buffer): Promise<number> {
  const [part] = await tx.query<{ id: number }>(
    `INSERT INTO "DOC_Contenu" ("Nature", "Octets", "Sha256", "Taille", "TypeMime")
     VALUES ($1, $2, '', $3, 'application/octet-stream') RETURNING id`,
    [CONTENT_NATURE.jobResultPart, bytes, bytes.length],
  );
  return part!.id;
}

/** The parts then `tail`, joined and checksummed by the database into one DOC_Contenu row. */
export async function insertJoinedZip(tx: Queryable, parts: readonly number[], tail: Buffer): Promise<StoredContent> {
  const [row] = await tx.query<StoredContent>(
    `WITH joined AS (
       SELECT coalesce(string_agg(c."Octets", ''::bytea ORDER BY p.rang), ''::bytea) || $2::bytea AS octets
         FROM unnest($1::int[]) WITH ORDINALITY AS p(id, rang) JOIN "DOC_Contenu" c ON c.id = p.id)
     INSERT INTO "DOC_Contenu" ("Nature", "Octets", "Sha256", "Taille", "TypeMime")
     SELECT $3, octets, encode(sha256(octets), 'hex'), length(octets), 'application/zip' FROM joined
     RETURNING id, "Sha256" AS sha256, "Taille"::float8 AS size`,
    [intArray(parts), tail, CONTENT_NATURE.jobResult],
  );
  return row!;
}

export async function deleteZipParts(tx: Queryable, parts: readonly number[]): Promise<void> {
  await tx.query(`DELETE FROM "DOC_Contenu" WHERE id = ANY($1::int[]) AND "Nature" = $2`, [
    intArray(parts),
    CONTENT_NATURE.jobResultPart,
  ]);
}
