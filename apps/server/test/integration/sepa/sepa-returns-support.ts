import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { RestContext } from '../rest/rest-context';
import { collectionDate, elements, generate } from './sepa-support';

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

/** A pain.002.001.03 rejecting `rejects` (EndToEndId, amount in euros as written, day), in the EPC subset. */
export function statusReport(
  batchId: number,
  rejects: { endToEndId: string; amount: string; day: string; currency?: string }[],
): Buffer {
  const transactions = rejects
    .map(
      (item, index) => `<TxInfAndSts><StsId>S-${index}</StsId><OrgnlEndToEndId>${item.endToEndId}</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AM04</Cd></Rsn></StsRsnInf>
        <OrgnlTxRef><Amt><InstdAmt Ccy="${item.currency ?? 'EUR'}">${item.amount}</InstdAmt></Amt><ReqdColltnDt>${item.day}</ReqdColltnDt></OrgnlTxRef>
      </TxInfAndSts>`,
    )
    .join('');
  // The report's creation day dates the rejects: one report per day.
  const day = rejects[0]?.day ?? '2026-01-01';
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>
  <GrpHdr><MsgId>PSR-${batchId}-${day}-${rejects.length}</MsgId><CreDtTm>${day}T09:00:00</CreDtTm></GrpHdr>
  <OrgnlGrpInfAndSts><OrgnlMsgId>GDF-SEPA-${batchId}</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId>
    <GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
  <OrgnlPmtInfAndSts><OrgnlPmtInfId>GDF-SEPA-${batchId}-1</OrgnlPmtInfId><PmtInfSts>PART</PmtInfSts>${transactions}
  </OrgnlPmtInfAndSts>
</CstmrPmtStsRpt></Document>`);
}

/** The head office's file on the first allowed collection date: its batch, that day, its XML and EndToEndIds (8 at least). */
export async function generateReturnsBatch(context: RestContext) {
  const dueDay = collectionDate();
  const response = await generate(context.app, context.tokens.siege, { dateEcheance: dueDay });
  expect(response.statusCode, response.body).toBe(200);
  const ids = elements(response.body, 'EndToEndId');
  expect(ids.length).toBeGreaterThanOrEqual(8);
  return { batchId: Number(response.headers['x-sepa-batch-id']), dueDay, xml: response.body, ids };
}
