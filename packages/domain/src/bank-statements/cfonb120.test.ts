import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BankStatementError } from './bank-statement';
import { CFONB120_LAYOUT, CFONB120_RECORD_LENGTH, cfonbAmountCents, parseCfonb120 } from './cfonb120';

const FIXTURE = readFileSync(
  path.resolve(import.meta.dirname, '../../test/fixtures/bank-statements/two-statements.cfonb120.txt'),
  'latin1',
);
const LINES = FIXTURE.split('\r\n').filter(Boolean);

/** The fixture with line `lineNumber` (1-based) replaced. */
function withLine(lineNumber: number, replace: (line: string) => string): string {
  return LINES.map((line, index) => (index === lineNumber - 1 ? replace(line) : line)).join('\n');
}

/** `value` written at the 1-based `start` of `line`. */
function patch(line: string, start: number, value: string): string {
  return line.slice(0, start - 1) + value + line.slice(start - 1 + value.length);
}

function refusal(text: string): string {
  try {
    parseCfonb120(text);
  } catch (error) {
    if (error instanceof BankStatementError) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

describe('CFONB 120 relevé de compte: reading', () => {
  const statements = parseCfonb120(FIXTURE);

  it('reads every statement of a file (01 ... 07 repeated), with account, currency, dates and signed balances', () => {
    expect(statements.map(({ entries, ...head }) => ({ ...head, entries: entries.length }))).toEqual([
      {
        format: 'cfonb120',
        statementId: '30002-00550-0000157845Z-2026-03-03',
        account: { iban: null, bban: '30002005500000157845Z' },
        currency: 'EUR',
        openingBalanceCents: 125000,
        closingBalanceCents: 443292,
        fromDate: '2026-03-02',
        toDate: '2026-03-03',
        entries: 3,
      },
      {
        format: 'cfonb120',
        statementId: '30002-00550-0000157845Z-2026-03-04',
        account: { iban: null, bban: '30002005500000157845Z' },
        currency: 'EUR',
        openingBalanceCents: 443292,
        closingBalanceCents: -44708,
        fromDate: '2026-03-03',
        toDate: '2026-03-04',
        entries: 2,
      },
    ]);
  });

  it('maps a 04 mouvement and its 05 compléments: NPY debtor, IPY IBAN, RCN end-to-end id, LCC remittance', () => {
    expect(statements[0]!.entries[0]).toEqual({
      entryReference: '2026-03-03/0001204/1',
      bookingDate: '2026-03-03',
      valueDate: '2026-03-03',
      amountCents: 15005,
      direction: 'credit',
      status: null,
      label: 'VIR SEPA CLUB NAUTIQUE LYON',
      remittanceInfo: ['VIR0303A1', 'FACTURE 2026-FFME-1234 COTISATION'],
      endToEndIds: ['E2E-CNL-2026-0001'],
      debtorName: 'CLUB NAUTIQUE DE LYON',
      debtorIban: 'FR7630006000011234567890189',
      batch: null,
      transactionCount: 0,
      bankTransactionCode: '05',
      details: [
        { qualifier: 'NPY', text: 'CLUB NAUTIQUE DE LYON' },
        { qualifier: 'IPY', text: 'FR7630006000011234567890189        IBAN' },
        { qualifier: 'RCN', text: 'E2E-CNL-2026-0001                  CINV' },
        { qualifier: 'LCC', text: 'FACTURE 2026-FFME-1234 COTISATION' },
      ],
    });
  });

  it('a negative overpunch amount is a debit; the value date may precede the booking date', () => {
    expect(statements[0]!.entries[1]).toMatchObject({
      entryReference: '2026-03-03/0001205/2',
      bookingDate: '2026-03-03',
      valueDate: '2026-03-02',
      amountCents: 4253,
      direction: 'debit',
      label: 'FRAIS TENUE DE COMPTE',
      remittanceInfo: [],
      bankTransactionCode: '11',
    });
  });

  it('a direct-debit batch remittance keeps its LIB and REF lines as remittance information', () => {
    expect(statements[0]!.entries[2]).toMatchObject({
      amountCents: 307540,
      direction: 'credit',
      remittanceInfo: ['RPRLV260303', 'REMISE 12 PRELEVEMENTS SDD CORE', 'PMTINF-2026-03-A'],
      bankTransactionCode: 'A1',
    });
    expect(statements[1]!.entries.map((e) => [e.direction, e.amountCents, e.remittanceInfo])).toEqual([
      ['debit', 500000, ['ACHAT MATERIEL']],
      ['credit', 12000, ['SANS REFERENCE']],
    ]);
  });

  it('entry references are unique within a statement and stable across readings', () => {
    for (const statement of statements) {
      const references = statement.entries.map((entry) => entry.entryReference);
      expect(new Set(references).size).toBe(references.length);
    }
    expect(parseCfonb120(FIXTURE)).toEqual(statements);
  });

  it('LF, CRLF, a final line break or none, and records run together without line breaks all read the same', () => {
    expect(parseCfonb120(LINES.join('\n'))).toEqual(statements);
    expect(parseCfonb120(LINES.join('\r\n'))).toEqual(statements);
    expect(parseCfonb120(LINES.join(''))).toEqual(statements);
  });

  it('R-BANK-01: trailing spaces trimmed, blank lines between records, LF or CRLF all read the same', () => {
    const trimmed = LINES.map((line) => line.replace(/ +$/, ''));
    expect(trimmed.some((line) => line.length < CFONB120_RECORD_LENGTH)).toBe(true);
    expect(parseCfonb120(trimmed.join('\n'))).toEqual(statements);
    expect(parseCfonb120(`\r\n${trimmed.join('\r\n\r\n')}\r\n\r\n`)).toEqual(statements);
    expect(parseCfonb120(LINES.map((line) => `${line}   `).join('\n\n  \n'))).toEqual(statements);
  });

  it('a statement without movement has only its 01 and 07 records', () => {
    const [statement] = parseCfonb120([LINES[0], patch(LINES[10]!, 91, '0000000012500{')].join('\n'));
    expect(statement).toMatchObject({ openingBalanceCents: 125000, closingBalanceCents: 125000, entries: [] });
  });
});

describe('CFONB 120 layout table', () => {
  it.each(Object.entries(CFONB120_LAYOUT))(
    '%s: fields inside the 120 characters, none overlapping',
    (_name, layout) => {
      const fields = Object.values(layout).sort((a, b) => a.start - b.start);
      for (const [index, f] of fields.entries()) {
        expect(f.start).toBeGreaterThanOrEqual(1);
        expect(f.start + f.length - 1).toBeLessThanOrEqual(CFONB120_RECORD_LENGTH);
        const next = fields[index + 1];
        if (next) expect(f.start + f.length).toBeLessThanOrEqual(next.start);
      }
    },
  );
});

describe('CFONB 120 signed amounts: the last character carries the units digit and the sign', () => {
  it.each([
    ['0000000012345{', 2, 123450],
    ['0000000012345A', 2, 123451],
    ['0000000012345I', 2, 123459],
    ['0000000012345}', 2, -123450],
    ['0000000012345J', 2, -123451],
    ['0000000012345R', 2, -123459],
    ['0000000000001E', 0, 1500],
    ['0000000001234{', 3, 1234],
  ])('%s with %i decimals is %i cents', (value, decimals, cents) => {
    expect(cfonbAmountCents(value, decimals, 1)).toBe(cents);
  });

  it('refuses a value finer than the cent', () => {
    expect(() => cfonbAmountCents('0000000000123A', 3, 7)).toThrow(
      /ligne 7 : montant « 0000000000123A » plus précis que le centime/,
    );
  });
});

describe('CFONB 120 refusals name the line at fault', () => {
  const amount = CFONB120_LAYOUT.movement.amount;

  it('a line longer than 120 characters, or cut inside its fields', () => {
    expect(refusal(withLine(2, (line) => `${line}X`))).toMatch(
      /^Relevé CFONB 120 refusé, ligne 2 : 121 caractères au lieu de 120\.$/,
    );
    // Cut inside its fields: padded back with spaces, the 07's amount is gone.
    expect(refusal(withLine(11, (line) => line.slice(0, 100)))).toMatch(/^Relevé CFONB 120 refusé, ligne 11 : montant/);
  });

  it('refusals count the blank lines a file holds between its records', () => {
    expect(
      refusal(LINES.map((line) => patch(line, 1, line.startsWith('04') ? '06' : line.slice(0, 2))).join('\n\n')),
    ).toBe('Relevé CFONB 120 refusé, ligne 3 : code enregistrement « 06 » inconnu (01, 04, 05 ou 07 attendu).');
  });

  it('R-BANK-08: a NUL or other control character, naming its line and position', () => {
    expect(refusal(withLine(2, (line) => patch(line, 50, '\u0000')))).toBe(
      'Relevé CFONB 120 refusé, ligne 2 : caractère de contrôle (code 0, NUL) en position 50, interdit dans un fichier bancaire.',
    );
    expect(refusal(withLine(3, (line) => patch(line, 60, '\t')))).toBe(
      'Relevé CFONB 120 refusé, ligne 3 : caractère de contrôle (code 9) en position 60, interdit dans un fichier bancaire.',
    );
    expect(refusal(`${LINES.slice(0, 4).join('\n')}\n\u001B${LINES.slice(4).join('\n')}`)).toMatch(
      /ligne 5 :.*code 27/,
    );
  });

  it('an unknown record code', () => {
    expect(refusal(withLine(5, (line) => patch(line, 1, '06')))).toBe(
      'Relevé CFONB 120 refusé, ligne 5 : code enregistrement « 06 » inconnu (01, 04, 05 ou 07 attendu).',
    );
  });

  it('a bad overpunch character or non-digits in an amount', () => {
    expect(refusal(withLine(2, (line) => patch(line, amount.start + 13, 'S')))).toMatch(
      /^Relevé CFONB 120 refusé, ligne 2 : montant « 0000000001500S » invalide/,
    );
    expect(refusal(withLine(7, (line) => patch(line, amount.start, ' ')))).toMatch(
      /ligne 7 : montant « {2}000000000425L » invalide/,
    );
  });

  it('an impossible date', () => {
    expect(refusal(withLine(1, (line) => patch(line, 35, '300226')))).toBe(
      'Relevé CFONB 120 refusé, ligne 1 : date de l’ancien solde « 300226 » invalide (format JJMMAA attendu).',
    );
    expect(refusal(withLine(2, (line) => patch(line, 43, '03-326')))).toMatch(
      /ligne 2 : date de valeur « 03-326 » invalide/,
    );
    // R-BANK-08: month or day 00 or 99 is refused like any impossible date (it used to throw).
    for (const day of ['000000', '999999', '009926', '310299']) {
      expect(refusal(withLine(1, (line) => patch(line, 35, day)))).toBe(
        `Relevé CFONB 120 refusé, ligne 1 : date de l’ancien solde « ${day} » invalide (format JJMMAA attendu).`,
      );
    }
  });

  it('records out of place: 04 before any 01, 05 without its 04, 01 inside an open statement, no final 07', () => {
    expect(refusal(LINES.slice(1).join('\n'))).toMatch(/ligne 1 : mouvement \(04\) hors d’un relevé/);
    expect(refusal([LINES[0], LINES[2]].join('\n'))).toMatch(/ligne 2 : complément \(05\) sans mouvement \(04\)/);
    expect(refusal([LINES[0], LINES[0]].join('\n'))).toMatch(
      /ligne 2 : ancien solde \(01\) alors que le relevé ouvert ligne 1/,
    );
    expect(refusal(LINES.slice(0, 16).join('\n'))).toBe(
      'Relevé CFONB 120 refusé : le relevé ouvert ligne 12 n’a pas de nouveau solde (07) ; fichier tronqué ?',
    );
    expect(refusal(LINES.slice(10).join('\n'))).toMatch(/ligne 1 : nouveau solde \(07\) sans ancien solde/);
  });

  it('another account inside a statement', () => {
    expect(refusal(withLine(7, (line) => patch(line, 22, '0000999999X')))).toMatch(
      /^Relevé CFONB 120 refusé, ligne 7 : compte 30002 00550 0000999999X EUR différent de celui de l’ancien solde de la ligne 1\.$/,
    );
  });

  it('balances that do not add up with the movements', () => {
    expect(refusal(withLine(11, (line) => patch(line, 91, '0000000044329C')))).toBe(
      'Relevé CFONB 120 refusé, ligne 11 : le nouveau solde ne correspond pas à l’ancien solde augmenté des mouvements du relevé.',
    );
  });

  it('an empty file', () => {
    expect(refusal('\r\n')).toBe('Relevé CFONB 120 refusé : le fichier est vide.');
  });
});
