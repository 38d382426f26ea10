import { centsToDecimal } from '../money/money';
import { SEPA_EXCLUSION_LABELS, type SepaExclusion, type SepaExclusionCode } from './debtor-eligibility';
import {
  bicRequiredFor,
  compactBic,
  ibanProblem,
  identifierProblem,
  isIsoDay,
  isSepaAmount,
  isWellFormedBic,
  mandateSignedInTime,
  normalizeIban,
  type IdentifierProblem,
} from './epc-rules';
import { isValidIcs } from './ics';
import type { Pain008Input, SepaDirectDebit, SepaPostalAddress } from './pain008-types';
import { toSepaText } from './sepa-text';

/**
 * The pre-flight gate (R-SEPA-05): every rule a bank checks before it accepts a pain.008
 * file, run on the values the file will carry (after transliteration to the EPC Latin
 * set). A debtor that fails is left out with a French reason; a file-level failure stops
 * the whole file.
 */

/** The debtor's part of a transaction: what the preview can check before any flux is read. */
export type SepaDebtorFields = Pick<
  SepaDirectDebit,
  'debtorName' | 'debtorIban' | 'debtorBic' | 'debtorAddress' | 'mandateReference' | 'mandateSignedOn'
>;

const exclusion = (code: SepaExclusionCode, detail?: string): SepaExclusion => ({
  code,
  motif: detail ? `${SEPA_EXCLUSION_LABELS[code]} ${detail}` : SEPA_EXCLUSION_LABELS[code],
});

const IDENTIFIER_PROBLEMS: Record<IdentifierProblem, string> = {
  vide: 'vide',
  trop_long: '35 caractères au plus',
  caractere: "caractères autorisés : lettres sans accent, chiffres, espace et / - ? : ( ) . , ' +",
  barre_bord: '« / » interdit au début ou à la fin',
  double_barre: '« // » interdit',
};

/** 2027-01-05 -> 05/01/2027. */
const frenchDay = (day: string) => day.split('-').reverse().join('/');

/** The value as the user typed it, quoted (cut: a reason stays readable). */
const quoted = (value: string) => `« ${value.length > 40 ? `${value.slice(0, 40)}…` : value} »`;

/** EPC rules on the debtor, its account and its mandate, for a collection on `collectionDate` (YYYY-MM-DD). */
export function debtorProblem(debtor: SepaDebtorFields, collectionDate: string): SepaExclusion | null {
  // Nm is mandatory (Max70Text, at least one character) once transliterated.
  if (toSepaText(debtor.debtorName) === '') return exclusion('nom_vide', `(${quoted(debtor.debtorName)})`);
  const iban = ibanProblem(debtor.debtorIban);
  if (iban?.kind === 'invalide') return exclusion('iban_invalide');
  if (iban?.kind === 'hors_sepa') return exclusion('iban_hors_sepa', `(${iban.country})`);
  const bic = compactBic(debtor.debtorBic);
  if (bic === '' && bicRequiredFor(debtor.debtorIban)) {
    return exclusion('bic_obligatoire', `(${normalizeIban(debtor.debtorIban).slice(0, 2)})`);
  }
  if (bic !== '' && !isWellFormedBic(bic)) {
    return exclusion('bic_invalide', `(${quoted(bic)} : 8 ou 11 caractères ISO 9362 attendus)`);
  }
  const rum = identifierProblem(debtor.mandateReference);
  if (rum) return exclusion('rum_invalide', `: ${quoted(debtor.mandateReference)} (${IDENTIFIER_PROBLEMS[rum]})`);
  if (!mandateSignedInTime(debtor.mandateSignedOn, collectionDate)) {
    return isIsoDay(debtor.mandateSignedOn)
      ? exclusion(
          'mandat_posterieur',
          `(signé le ${frenchDay(debtor.mandateSignedOn)}, échéance le ${frenchDay(collectionDate)})`,
        )
      : exclusion('sans_date_signature');
  }
  return addressProblem(debtor.debtorAddress);
}

/**
 * R-SEPA-03: an address the file can write structured or hybrid (EPC, from 15 November
 * 2026): an ISO country code and a town that keeps at least one character once
 * transliterated (TwnNm, Max35Text). Without them the address would be unstructured-only.
 */
export function addressProblem(address: SepaPostalAddress): SepaExclusion | null {
  if (!/^[A-Z]{2}$/.test(address.country) || address.town.trim() === '') return exclusion('adresse_incomplete');
  if (toSepaText(address.town) === '') return exclusion('ville_vide', `(${quoted(address.town)})`);
  return null;
}

/** The debtor's rules, then the transaction's own: amount and EndToEndId. */
export function transactionProblem(debit: SepaDirectDebit, collectionDate: string): SepaExclusion | null {
  const debtor = debtorProblem(debit, collectionDate);
  if (debtor) return debtor;
  if (!isSepaAmount(debit.amountCents)) return exclusion('montant_invalide', '(0,01 € à 999 999 999,99 €)');
  const id = identifierProblem(debit.endToEndId);
  if (id) return exclusion('reference_invalide', `: ${quoted(debit.endToEndId)} (${IDENTIFIER_PROBLEMS[id]})`);
  return null;
}

/**
 * File-level rules (French, for the user): at least one transaction, unique EndToEndIds,
 * NbOfTxs and CtrlSum within their types, identifiers, the creditor and its ICS. Empty
 * when the file can be written.
 */
export function pain008FileProblems(input: Pain008Input): string[] {
  const problems: string[] = [];
  const { creditor, transactions } = input;
  if (transactions.length === 0) problems.push('Aucune transaction à prélever.');
  const ids = new Set<string>();
  let total = 0;
  for (const debit of transactions) {
    if (ids.has(debit.endToEndId)) problems.push(`EndToEndId en double : ${debit.endToEndId}.`);
    ids.add(debit.endToEndId);
    const problem = transactionProblem(debit, input.requestedCollectionDate);
    if (problem) problems.push(`Transaction ${debit.endToEndId} : ${problem.motif}.`);
    total += debit.amountCents;
  }
  // CtrlSum is the exact sum (DecimalNumber, 18 digits: far beyond a safe integer of cents);
  // the server checks NbOfTxs and CtrlSum again on the written file.
  if (!Number.isSafeInteger(total)) {
    problems.push(`Total de contrôle hors limites (CtrlSum ${centsToDecimal(total)}).`);
  }
  for (const [label, value] of [
    ['Identifiant du message (MsgId)', input.messageId],
    ['Identifiant du lot (PmtInfId)', input.paymentInfoId],
  ] as const) {
    const problem = identifierProblem(value);
    if (problem) problems.push(`${label} non conforme : ${IDENTIFIER_PROBLEMS[problem]}.`);
  }
  if (!isIsoDay(input.requestedCollectionDate)) problems.push('Date d’échéance invalide.');
  problems.push(...creditorProblems(creditor));
  return problems;
}

/** The creditor's name, IBAN, ICS and address, as the file states them. */
function creditorProblems(creditor: Pain008Input['creditor']): string[] {
  const problems: string[] = [];
  if (toSepaText(creditor.name) === '') problems.push('Nom du créancier vide une fois converti en caractères SEPA.');
  const iban = ibanProblem(creditor.iban);
  if (iban?.kind === 'invalide') problems.push('IBAN du créancier invalide.');
  if (iban?.kind === 'hors_sepa') problems.push(`IBAN du créancier hors zone SEPA (${iban.country}).`);
  if (!isValidIcs(creditor.ics)) problems.push('Identifiant créancier SEPA (ICS) invalide.');
  if (addressProblem(creditor.address)) problems.push('Adresse du créancier incomplète (ville ou pays).');
  return problems;
}
