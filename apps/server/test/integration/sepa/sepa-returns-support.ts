import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export const RETURNS_URL = '/api/exports/sepa/retours';
const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/sepa-returns');

export type ReturnFixture =
  'pain.002.001.03' | 'pain.002.001.10' | 'camt.054.001.02' | 'camt.054.001.04' | 'camt.054.001.08';

/**
 * A hand-written report (test/fixtures/sepa-returns) naming real flux: {{MSG_ID}} becomes
 * the batch's message id, {{E2E_x}} the EndToEndIds given.
 */
export function returnFile(name: ReturnFixture, batchId: number, ids: Record<string, string>): Buffer {
  let text = readFileSync(path.join(FIXTURES, `${name}.xml`), 'utf8').replaceAll('{{MSG_ID}}', `GDF-SEPA-${batchId}`);
  for (const [key, value] of Object.entries(ids)) text = text.replaceAll(`{{${key}}}`, value);
  if (/\{\{/.test(text)) throw new Error(`placeholder left in ${name}`);
  return Buffer.from(text, 'utf8');
}

export function postReturn(
  app: FastifyInstance,
  token: string,
  bytes: Buffer | string,
  options: { preview?: boolean; fileName?: string; contentType?: string; confirmAnomalies?: boolean } = {},
) {
  const url = options.preview ? `${RETURNS_URL}/preview` : RETURNS_URL;
  return app.inject({
    method: 'POST',
    url: options.confirmAnomalies ? `${url}?confirmerAnomalies=true` : url,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': options.contentType ?? 'application/xml',
      'x-file-name': encodeURIComponent(options.fileName ?? 'retour.xml'),
    },
    payload: bytes,
  });
}
