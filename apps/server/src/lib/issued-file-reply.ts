import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** One stored file of an issued statement (a relevé de compte, ADR 0031; a relevé de reversements, R-PAY-09). */
export interface IssuedStatementFile<Statement extends { id: number; number: string }> {
  fileName: string;
  mimeType: string;
  sha256: string;
  body: Buffer | Readable;
  statement: Statement;
}

/**
 * Sends the stored bytes, named after the statement's period and number, with its number, id
 * and checksum in headers; the xlsx is always an attachment, the PDF inline unless `download`.
 */
export function sendIssuedStatementFile(
  reply: FastifyReply,
  file: IssuedStatementFile<{ id: number; number: string }>,
  download: boolean,
) {
  const disposition = download || file.mimeType !== 'application/pdf' ? 'attachment' : 'inline';
  return reply
    .type(file.mimeType)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .header('x-releve-numero', file.statement.number)
    .header('x-releve-id', String(file.statement.id))
    .header('x-content-sha256', file.sha256)
    .send(file.body);
}
