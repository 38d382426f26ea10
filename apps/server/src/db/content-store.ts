import { createHash } from 'node:crypto';
import type { Database } from './database';
import type { Queryable } from './queryable';

/**
 * What a DOC_Contenu row holds (its Nature): an uploaded document, a generated SEPA file, an
 * issued facture/avoir/avis or relevé PDF and a facture's Factur-X XML (MKP_DocumentEmis).
 */
export const CONTENT_NATURE = {
  upload: 'depot',
  sepa: 'sepa',
  /** A credit-transfer file paying the levels' shares and refunds (R-PAY-05). */
  sepaTransfer: 'virement_sepa',
  sepaReturn: 'retour_sepa',
  facture: 'facture',
  /** The Factur-X CII XML issued with a facture (R-FACT-12). */
  factureXml: 'facture_xml',
  releve: 'releve',
  /** A SAGE or FEC file of the export history (gzip). */
  exportComptable: 'export_comptable',
  /** A bank statement file, camt.053 or CFONB 120 (R-BANK-01). */
  bankStatement: 'releve_bancaire',
  /** A reminder letter for overdue flux (MKP_Relance). */
  reminderLetter: 'lettre_relance',
  /** An issued relevé de compte, PDF or xlsx (MKP_ReleveCompteEmis). */
  accountStatement: 'releve_compte',
  /** A ligue's or a comité's relevé de reversements, PDF and xlsx (R-PAY-09). */
  payoutStatement: 'releve_reversements',
  /** A 'Récapitulatif mensuel', PDF and xlsx (R-RECAP-04). */
  monthlyRecap: 'recapitulatif_mensuel',
  /** The result file of a durable job (APP_Traitement, R-JOB-04). */
  jobResult: 'resultat_traitement',
  /** A piece of a job's ZIP written by one step, joined into the result and deleted by its last (R-JOB-02). */
  jobResultPart: 'resultat_traitement_partie',
} as const;
export type ContentNature = (typeof CONTENT_NATURE)[keyof typeof CONTENT_NATURE];

export interface StoredContent {
  id: number;
  sha256: string;
  size: number;
}

/**
 * Stores bytes as one DOC_Contenu row, in the caller's transaction so the row that refers
 * to them commits with them or not at all. The checksum is computed here: PGlite's
 * sha256() takes ~300 ms on 10 MB where Node takes ~20 ms.
 */
export async function insertContent(
  queryable: Queryable,
  content: { nature: ContentNature; bytes: Buffer; mimeType: string },
): Promise<StoredContent> {
  const sha256 = sha256Hex(content.bytes);
  const [row] = await queryable.query<{ id: number }>(
    `INSERT INTO "DOC_Contenu" ("Nature", "Octets", "Sha256", "Taille", "TypeMime")
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [content.nature, content.bytes, sha256, content.bytes.length, content.mimeType],
  );
  if (!row) throw new Error('DOC_Contenu insert returned no id');
  return { id: row.id, sha256, size: content.bytes.length };
}

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface ContentHead {
  size: number;
  sha256: string;
  mimeType: string;
  /** The first `firstBytes` bytes (all of them for a small file). */
  first: Buffer;
}

/**
 * Stored bytes travel as base64 text, decoded here. In pg's default text format a bytea
 * comes as hex, twice its size: a 35 kB invoice was a 70 kB row, which pg reads in two
 * socket chunks and merges into a new buffer of twice the first chunk (128 kB), then
 * decodes; base64 is a third larger than the bytes, so such a row mostly fits one chunk.
 * Reading a pack of 1,000 stored invoices allocated 117 MB of buffers instead of 256 MB,
 * each freed only at a later garbage collection: the pack's peak memory fell by ~10 MB.
 * (pg's binary format cannot carry a bytea: it decodes every field as UTF-8.) PostgreSQL
 * breaks base64 into lines of 76 characters; Buffer.from skips the line breaks.
 */
const base64Bytes = (from: string, length: string) =>
  `encode(substring("Octets" FROM ${from} FOR ${length}), 'base64')`;

/** A content's size, checksum and type, with its first bytes: one statement for a small file. */
export async function readContentHead(
  database: Pick<Database, 'query'>,
  contentId: number,
  firstBytes: number,
): Promise<ContentHead | null> {
  const [row] = await database.query<Omit<ContentHead, 'first'> & { first: string }>(
    `SELECT "Taille"::integer AS size, "Sha256" AS sha256, "TypeMime" AS "mimeType", ${base64Bytes('1', '$2')} AS first
       FROM "DOC_Contenu" WHERE id = $1`,
    [contentId, firstBytes],
  );
  return row ? { ...row, first: Buffer.from(row.first, 'base64') } : null;
}

/** `length` bytes from `offset` (0-based): a large file is read a slice at a time. */
export async function readContentSlice(
  database: Pick<Database, 'query'>,
  contentId: number,
  offset: number,
  length: number,
): Promise<Buffer> {
  const [row] = await database.query<{ slice: string }>(
    `SELECT ${base64Bytes('$2', '$3')} AS slice FROM "DOC_Contenu" WHERE id = $1`,
    [contentId, offset + 1, length],
  );
  return row ? Buffer.from(row.slice, 'base64') : Buffer.alloc(0);
}
