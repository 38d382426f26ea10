import { BANK_STATEMENT_MAX_BYTES, BankStatementError, parseCfonb120, type BankStatement } from '@gdf/domain';
import { badRequest } from '../../lib/http-errors';
import { fileTooLarge } from '../../lib/xml-tree';
import { parseCamt053 } from './parse-camt053';

/**
 * Reads a bank statement file whatever its format: XML is camt.053 (parseCamt053), text
 * starting with a record code is CFONB 120 (the domain's parseCfonb120, read as ISO-8859-1,
 * the 8-bit set French banks use). Refusals are 400 with a French message, 413 when too big.
 */
export function readBankStatementFile(bytes: Buffer): BankStatement[] {
  if (bytes.length > BANK_STATEMENT_MAX_BYTES) throw fileTooLarge(BANK_STATEMENT_MAX_BYTES);
  const head = bytes
    .subarray(0, 256)
    .toString('latin1')
    .replace(/^\u00EF\u00BB\u00BF/, '')
    .trimStart();
  if (head.startsWith('<')) return parseCamt053(bytes);
  if (!/^0[1457]/.test(head)) {
    throw badRequest('Fichier non reconnu : un relevé de compte camt.053 (XML) ou CFONB 120 est attendu.');
  }
  try {
    return parseCfonb120(bytes.toString('latin1'));
  } catch (error) {
    if (error instanceof BankStatementError) throw badRequest(error.message);
    throw error;
  }
}
