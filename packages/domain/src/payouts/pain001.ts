import { centsToDecimal } from '../money/money';
import { identifierProblem, isIsoDay, isSepaAmount, normalizeIban, SEPA_MAX_LENGTH } from '../sepa/epc-rules';
import {
  sepaAgent,
  sepaControlTotals,
  sepaDocument,
  sepaElement as element,
  sepaGroupHeader,
  sepaInstructedAmount,
  sepaOptionalText,
  sepaPostalAddress as postalAddress,
  sepaText as requiredText,
  sepaValue as value,
} from '../sepa/sepa-xml';
import { pain001Bic, payeeAccountExclusion, payoutExclusionMotif } from './payee-eligibility';
import type { Pain001Input, Pain001Version, SepaCreditTransfer } from './pain001-types';

/**
 * R-PAY-05: the payout file, a pain.001 SEPA Credit Transfer (SCT) initiation: one payment
 * information block debiting the federation's account, one CdtTrfTxInf per ligue, comité or
 * club. Amounts are integer cents written with two decimals; free text is transliterated to
 * the EPC Latin set (sepa-text.ts), cut to its ISO 20022 length and escaped; the output
 * depends on the input only (identifiers and dates are inputs).
 */

/** The BIC element of each schema: BICFI from 2019, BIC in 2009. */
const BIC_ELEMENT: Record<Pain001Version, 'BIC' | 'BICFI'> = { 'pain.001.001.09': 'BICFI', 'pain.001.001.03': 'BIC' };

/** FinInstnId by BIC; the debtor's agent is mandatory, so a missing BIC is written NOTPROVIDED. */
const agent = (name: string, bic: string | null, version: Pain001Version) => sepaAgent(name, bic, BIC_ELEMENT[version]);

function transaction(transfer: SepaCreditTransfer, version: Pain001Version): string {
  const bic = pain001Bic(transfer.creditorBic, version);
  const remittance = sepaOptionalText('Ustrd', transfer.remittance, SEPA_MAX_LENGTH.remittance);
  return element(
    'CdtTrfTxInf',
    element(
      'PmtId',
      value('InstrId', transfer.instructionId ?? transfer.endToEndId),
      value('EndToEndId', transfer.endToEndId),
    ),
    element('Amt', sepaInstructedAmount(transfer.amountCents)),
    // Optional in SEPA within the EEA (IBAN only); required outside it, checked before.
    bic ? agent('CdtrAgt', bic, version) : '',
    element(
      'Cdtr',
      requiredText('Nm', transfer.creditorName, SEPA_MAX_LENGTH.name),
      postalAddress(transfer.creditorAddress),
    ),
    element('CdtrAcct', element('Id', value('IBAN', normalizeIban(transfer.creditorIban)))),
    remittance === '' ? '' : element('RmtInf', remittance),
  );
}

/** EPC identifier rules (IG 1.4), in French. */
function identifierMessage(label: string, id: string): string | null {
  return identifierProblem(id)
    ? `${label} non conforme (35 caractères latins au plus, sans « / » au début ou à la fin ni « // ») : « ${id} ».`
    : null;
}

/** The transfer's own rules: identifiers, amount, then the payee's account and address (R-PAY-06). */
function transferProblems(transfer: SepaCreditTransfer, version: Pain001Version): string[] {
  const where = `Virement ${transfer.endToEndId}`;
  const problems = [
    identifierMessage(`${where} : EndToEndId`, transfer.endToEndId),
    transfer.instructionId == null ? null : identifierMessage(`${where} : InstrId`, transfer.instructionId),
    isSepaAmount(transfer.amountCents) ? null : `${where} : montant hors des limites SEPA (0,01 € à 999 999 999,99 €).`,
  ];
  const account = {
    name: transfer.creditorName,
    iban: transfer.creditorIban,
    bic: transfer.creditorBic,
    town: transfer.creditorAddress.town,
    country: transfer.creditorAddress.country,
  };
  const exclusion = payeeAccountExclusion(account, version);
  if (exclusion) problems.push(`${where} : ${payoutExclusionMotif(exclusion, account)}.`);
  return problems.filter((problem) => problem !== null);
}

/** The federation's name, account and address, as the file states them. */
function debtorProblems(debtor: Pain001Input['debtor'], version: Pain001Version): string[] {
  const { name, iban, bic, address } = debtor;
  const exclusion = payeeAccountExclusion({ name, iban, bic, town: address.town, country: address.country }, version);
  return exclusion ? [`Compte débité (fédération) : ${payoutExclusionMotif(exclusion, debtor)}.`] : [];
}

/**
 * What a bank would reject (French, for the caller): no transfer, an amount out of the SEPA
 * limits, an EndToEndId twice, a payee R-PAY-06 leaves out, identifiers and the execution
 * date. Empty when the file can be written.
 */
export function pain001FileProblems(input: Pain001Input): string[] {
  const problems: string[] = [];
  if (input.transfers.length === 0) problems.push('Aucun virement à émettre.');
  const ids = new Set<string>();
  let total = 0;
  for (const transfer of input.transfers) {
    if (ids.has(transfer.endToEndId)) problems.push(`EndToEndId en double : ${transfer.endToEndId}.`);
    ids.add(transfer.endToEndId);
    problems.push(...transferProblems(transfer, input.version));
    total += transfer.amountCents;
  }
  // CtrlSum is exact (DecimalNumber): never beyond a safe integer of cents.
  if (!Number.isSafeInteger(total)) problems.push(`Total de contrôle hors limites (CtrlSum ${centsToDecimal(total)}).`);
  const headerIds = [
    identifierMessage('Identifiant du message (MsgId)', input.messageId),
    identifierMessage('Identifiant du lot (PmtInfId)', input.paymentInfoId),
  ];
  problems.push(...headerIds.filter((problem) => problem !== null));
  if (!isIsoDay(input.requestedExecutionDate)) problems.push('Date d’exécution invalide.');
  problems.push(...debtorProblems(input.debtor, input.version));
  return problems;
}

/** In .09 a choice of date or date-time; in .03 a plain ISODate. */
function executionDate(day: string, version: Pain001Version): string {
  return version === 'pain.001.001.09' ? element('ReqdExctnDt', value('Dt', day)) : value('ReqdExctnDt', day);
}

/**
 * A pain.001 (SEPA Credit Transfer) document, pain.001.001.09 by default or pain.001.001.03
 * (R-PAY-05). Throws a RangeError listing the problems (French) of an input the caller should
 * have filtered (payeeExclusion, pain001FileProblems), before any byte is written.
 */
export function buildPain001(input: Pain001Input): string {
  const problems = pain001FileProblems(input);
  if (problems.length > 0) throw new RangeError(problems.join(' '));
  const { debtor, version } = input;
  const totals = sepaControlTotals(input.transfers.map((transfer) => transfer.amountCents));
  const header = sepaGroupHeader(input, totals, debtor.name);
  const paymentInfo = element(
    'PmtInf',
    value('PmtInfId', input.paymentInfoId),
    value('PmtMtd', 'TRF'),
    value('BtchBookg', 'true'),
    ...totals,
    element('PmtTpInf', element('SvcLvl', value('Cd', 'SEPA'))),
    executionDate(input.requestedExecutionDate, version),
    element('Dbtr', requiredText('Nm', debtor.name, SEPA_MAX_LENGTH.name), postalAddress(debtor.address)),
    element('DbtrAcct', element('Id', value('IBAN', normalizeIban(debtor.iban)))),
    agent('DbtrAgt', pain001Bic(debtor.bic, version), version),
    value('ChrgBr', 'SLEV'),
    ...input.transfers.map((transfer) => transaction(transfer, version)),
  );
  return sepaDocument(version, element('CstmrCdtTrfInitn', header, paymentInfo));
}
