/** Every bank-statement query starts with this key: a confirm, undo or import refreshes them all. */
export const BANK_STATEMENTS_KEY = 'bank-statements';
