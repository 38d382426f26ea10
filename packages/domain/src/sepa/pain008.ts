import { normalizeIban } from './epc-rules';
import type { Pain008Input, Pain008Version, SepaDirectDebit } from './pain008-types';
import { pain008FileProblems } from './sepa-preflight';
import {
  sepaAgent,
  sepaControlTotals,
  sepaDocument,
  sepaElement as wrap,
  sepaGroupHeader,
  sepaInstructedAmount,
  sepaPostalAddress,
  sepaText as text,
  sepaValue as raw,
} from './sepa-xml';

/** A bank by BIC; the schema requires the agent, so a missing BIC is written NOTPROVIDED. */
function agent(name: string, bic: string | null, version: Pain008Version): string {
  return sepaAgent(name, bic, version === 'pain.008.001.08' ? 'BICFI' : 'BIC');
}

/** AmdmntInd and AmdmntInfDtls (EPC IG, AT-24) when the debtor's account changed; nothing otherwise. */
function amendment(debit: SepaDirectDebit): string[] {
  const original = debit.amendment ? normalizeIban(debit.amendment.originalDebtorIban) : '';
  if (!debit.amendment || original === '' || original === normalizeIban(debit.debtorIban)) return [];
  return [
    raw('AmdmntInd', 'true'),
    wrap(
      'AmdmntInfDtls',
      wrap('OrgnlDbtrAcct', wrap('Id', raw('IBAN', original))),
      debit.amendment.bankChanged ? wrap('OrgnlDbtrAgt', wrap('FinInstnId', wrap('Othr', raw('Id', 'SMNDA')))) : '',
    ),
  ];
}

function transaction(debit: SepaDirectDebit, version: Pain008Version): string {
  return wrap(
    'DrctDbtTxInf',
    wrap('PmtId', raw('EndToEndId', debit.endToEndId)),
    sepaInstructedAmount(debit.amountCents),
    wrap(
      'DrctDbtTx',
      wrap(
        'MndtRltdInf',
        raw('MndtId', debit.mandateReference),
        raw('DtOfSgntr', debit.mandateSignedOn),
        ...amendment(debit),
      ),
    ),
    agent('DbtrAgt', debit.debtorBic, version),
    wrap('Dbtr', text('Nm', debit.debtorName, 70), sepaPostalAddress(debit.debtorAddress)),
    wrap('DbtrAcct', wrap('Id', raw('IBAN', normalizeIban(debit.debtorIban)))),
    wrap('RmtInf', text('Ustrd', debit.remittance, 140)),
  );
}

/** Refuses what a bank would reject anyway (sepa-preflight.ts), before any byte is written. */
function check(input: Pain008Input): void {
  const problems = pain008FileProblems(input);
  if (problems.length > 0) throw new RangeError(problems.join(' '));
}

/** A pain.008 (SEPA Direct Debit CORE) document: one payment information block, one transaction per debit. */
export function buildPain008(input: Pain008Input): string {
  check(input);
  const { creditor, version } = input;
  const totals = sepaControlTotals(input.transactions.map((debit) => debit.amountCents));
  const header = sepaGroupHeader(input, totals, creditor.name);
  const paymentInfo = wrap(
    'PmtInf',
    raw('PmtInfId', input.paymentInfoId),
    raw('PmtMtd', 'DD'),
    ...totals,
    wrap(
      'PmtTpInf',
      wrap('SvcLvl', raw('Cd', 'SEPA')),
      wrap('LclInstrm', raw('Cd', 'CORE')),
      raw('SeqTp', input.sequenceType),
    ),
    raw('ReqdColltnDt', input.requestedCollectionDate),
    wrap('Cdtr', text('Nm', creditor.name, 70), sepaPostalAddress(creditor.address)),
    wrap('CdtrAcct', wrap('Id', raw('IBAN', normalizeIban(creditor.iban)))),
    agent('CdtrAgt', creditor.bic, version),
    raw('ChrgBr', 'SLEV'),
    wrap(
      'CdtrSchmeId',
      wrap('Id', wrap('PrvtId', wrap('Othr', raw('Id', creditor.ics), wrap('SchmeNm', raw('Prtry', 'SEPA'))))),
    ),
    ...input.transactions.map((debit) => transaction(debit, version)),
  );
  return sepaDocument(version, wrap('CstmrDrctDbtInitn', header, paymentInfo));
}
