import { composeIBAN } from 'ibantools';
import { normalizeIban } from '../sepa/epc-rules';
import type { BankStatementAccount } from './bank-statement';

/** Letters of a French account number as digits (the RIB key's conversion table). */
const RIB_LETTER_DIGITS: Record<string, string> = Object.fromEntries(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => {
    // A-I -> 1-9, J-R -> 1-9, S-Z -> 2-9 (the French banks' table, not the IBAN one).
    const digit = index < 9 ? index + 1 : index < 18 ? index - 8 : index - 16;
    return [letter, String(digit)];
  }),
);

/**
 * The clé RIB of a French account: 97 - ((89 x bank + 15 x branch + 3 x account) mod 97),
 * letters of the account number converted first. Two digits.
 */
export function ribKey(bankCode: string, branchCode: string, accountNumber: string): string {
  const digits = accountNumber.toUpperCase().replace(/[A-Z]/g, (letter) => RIB_LETTER_DIGITS[letter] ?? '0');
  const sum = 89 * Number(bankCode) + 15 * Number(branchCode) + 3 * Number(digits);
  return String(97 - (sum % 97)).padStart(2, '0');
}

/**
 * The IBAN of a French account given as a CFONB BBAN without key (bank 5 + branch 5 +
 * account 11): the RIB key appended, then the IBAN check digits (ISO 13616). Null when the
 * BBAN is not 21 characters.
 */
export function frenchIbanFromCfonbAccount(bban: string): string | null {
  const compact = bban.replace(/\s/g, '').toUpperCase();
  if (!/^\d{10}[0-9A-Z]{11}$/.test(compact)) return null;
  const key = ribKey(compact.slice(0, 5), compact.slice(5, 10), compact.slice(10));
  return composeIBAN({ countryCode: 'FR', bban: `${compact}${key}` }) ?? null;
}

/** The statement account as an IBAN, whichever way the file wrote it. */
export function statementAccountIban(account: BankStatementAccount): string | null {
  if (account.iban) return normalizeIban(account.iban) || null;
  return account.bban ? frenchIbanFromCfonbAccount(account.bban) : null;
}

/**
 * R-BANK-01: a statement is imported only for one of the head office's own accounts (its
 * RIBs and the SEPA creditor account), compared as IBANs.
 */
export function isOwnAccount(account: BankStatementAccount, ownIbans: readonly string[]): boolean {
  const iban = statementAccountIban(account);
  if (!iban) return false;
  return ownIbans.some((own) => normalizeIban(own) === iban);
}
