import { describe, expect, it } from 'vitest';
import { FEC_COLUMNS, FEC_HEADER } from './fec';
import { FEC_MAX_LINE_LENGTH, FEC_MAX_PROBLEMS, FecChecker, checkFec } from './fec-check';

type Row = Record<(typeof FEC_COLUMNS)[number], string>;

const line = (journal: 'VE' | 'BQ', num: string, date: string, account: string, debit: string, credit: string) => ({
  JournalCode: journal,
  JournalLib: journal === 'VE' ? 'Ventes' : 'Banque',
  EcritureNum: num,
  EcritureDate: date,
  CompteNum: account,
  CompteLib:
    { '411000': 'Clients', '706000': 'Prestations', '445710': 'TVA collectée', '512000': 'Banque' }[account] ?? '',
  CompAuxNum: '',
  CompAuxLib: '',
  PieceRef: num,
  PieceDate: date,
  EcritureLib: 'Licence 2026',
  Debit: debit,
  Credit: credit,
  EcritureLet: '',
  DateLet: '',
  ValidDate: '20260131',
  Montantdevise: '',
  Idevise: '',
});

/** Two journals, a three-line sale, an auxiliary account, a lettered sale and payment. */
function golden(): Row[] {
  const client = { CompAuxNum: 'C0001', CompAuxLib: 'Club Escalade Lyon', EcritureLet: 'AA', DateLet: '20260110' };
  return [
    { ...line('VE', 'VE2026-000001', '20260105', '411000', '120,00', '0,00'), ...client }, // line 2
    line('VE', 'VE2026-000001', '20260105', '706000', '0,00', '100,00'),
    line('VE', 'VE2026-000001', '20260105', '445710', '0,00', '20,00'),
    line('BQ', 'BQ2026-000001', '20260110', '512000', '120,00', '0,00'), // line 5
    { ...line('BQ', 'BQ2026-000001', '20260110', '411000', '0,00', '120,00'), ...client },
    line('VE', 'VE2026-000002', '20260112', '411000', '1234,56', '0,00'), // line 7
    line('VE', 'VE2026-000002', '20260112', '706000', '0,00', '1234,56'),
  ];
}

const toText = (rows: Row[]) => FEC_HEADER + rows.map((r) => FEC_COLUMNS.map((c) => r[c]).join('\t') + '\r\n').join('');

/** The golden file with fields of its records (index 0 = line 2) replaced. */
function edited(changes: Record<number, Partial<Row>>): string {
  return toText(golden().map((row, i) => ({ ...row, ...changes[i] })));
}

const problem = (line: number | null, message: string) => [{ line, message }];

describe('FEC check (article A47 A-1 du LPF, BOI-CF-IOR-60-40-20)', () => {
  it('the golden file passes: two journals, a three-line entry, an auxiliary account, lettering', () => {
    expect(checkFec(toText(golden()))).toEqual([]);
  });

  describe('rule 1: the 18 field names first, CRLF records, no empty line', () => {
    it('a header with the fields in another order', () => {
      const text = toText(golden()).replace('JournalCode\tJournalLib', 'JournalLib\tJournalCode');
      expect(checkFec(text)).toEqual(
        problem(
          1,
          'la première ligne doit nommer les 18 champs de l’article A47 A-1, dans l’ordre, séparés par des tabulations',
        ),
      );
    });
    it('an empty file', () => {
      expect(checkFec('')).toEqual(
        problem(
          null,
          'fichier vide : la première ligne doit nommer les 18 champs de l’article A47 A-1, dans l’ordre, séparés par des tabulations',
        ),
      );
    });
    it('a record ended by LF alone', () => {
      const text = toText(golden()).replace('0,00\t\t\t20260131\t\t\r\n', '0,00\t\t\t20260131\t\t\n');
      expect(checkFec(text)).toEqual(problem(3, 'fin de ligne LF sans CR (CRLF attendu)'));
    });
    it('a last record without CRLF', () => {
      expect(checkFec(toText(golden()).slice(0, -2))).toEqual(problem(8, 'le fichier doit se terminer par CRLF'));
    });
    it('an empty line', () => {
      expect(checkFec(toText(golden()) + '\r\n')).toEqual(problem(9, 'ligne vide'));
    });
    it('a CR inside a record', () => {
      expect(checkFec(edited({ 1: { EcritureLib: 'Licence\r2026' } }))).toEqual(
        problem(3, 'caractère CR dans la ligne'),
      );
    });
  });

  it('rule 2: every record has 18 fields', () => {
    const text = edited({ 2: { EcritureLib: 'Licence\t2026' } });
    expect(checkFec(text)).toEqual(problem(4, '19 champs au lieu de 18'));
  });

  describe('rule 3: required fields, pairs filled together', () => {
    it('an empty CompteLib', () => {
      // The other line of account 706000 keeps its label: only the empty field is reported.
      expect(checkFec(edited({ 6: { CompteLib: '' } }))).toEqual([
        { line: 8, message: 'champ CompteLib vide (obligatoire)' },
        { line: 8, message: 'CompteLib «  » différent de « Prestations » (ligne 3) pour 706000' },
      ]);
    });
    it('an empty PieceRef', () => {
      expect(checkFec(edited({ 3: { PieceRef: '' } }))).toEqual(problem(5, 'champ PieceRef vide (obligatoire)'));
    });
    it('an auxiliary account without its label', () => {
      expect(checkFec(edited({ 0: { CompAuxLib: '' } }))).toEqual([
        { line: 2, message: 'CompAuxNum et CompAuxLib doivent être tous deux remplis ou tous deux vides' },
        { line: 6, message: 'CompAuxLib « Club Escalade Lyon » différent de «  » (ligne 2) pour C0001' },
      ]);
    });
    it('a lettering code without its date', () => {
      expect(checkFec(edited({ 4: { DateLet: '' } }))).toEqual(
        problem(6, 'EcritureLet et DateLet doivent être tous deux remplis ou tous deux vides'),
      );
    });
  });

  describe('rule 4: AAAAMMJJ dates that exist', () => {
    it('a 30 February', () => {
      expect(checkFec(edited({ 3: { PieceDate: '20260230' } }))).toEqual(
        problem(5, 'PieceDate « 20260230 » n’est pas une date AAAAMMJJ existante'),
      );
    });
    it('an ISO date in DateLet', () => {
      expect(checkFec(edited({ 0: { DateLet: '2026-01-10' } }))).toEqual(
        problem(2, 'DateLet « 2026-01-10 » n’est pas une date AAAAMMJJ existante'),
      );
    });
    it('29 February only in a leap year', () => {
      const leap = { EcritureDate: '20240229', PieceDate: '20240229', ValidDate: '20240229' };
      const text = toText(golden().map((r) => ({ ...r, ...leap, EcritureLet: '', DateLet: '' })));
      expect(checkFec(text)).toEqual([]);
      expect(checkFec(text.replaceAll('20240229', '21000229'))).toHaveLength(7 * 3); // 2100 is not a leap year
    });
  });

  describe('rule 5: amounts 1234,56, one side per line', () => {
    it.each([['1 234,56'], ['1234.56'], ['-1234,56'], ['1234,5'], ['1234']])('%s', (amount) => {
      expect(checkFec(edited({ 5: { Debit: amount }, 6: { Credit: amount } }))).toEqual([
        { line: 7, message: `Debit « ${amount} » : montant attendu en 1234,56 (sans signe ni séparateur de milliers)` },
        {
          line: 8,
          message: `Credit « ${amount} » : montant attendu en 1234,56 (sans signe ni séparateur de milliers)`,
        },
      ]);
    });
    it('a line with both sides at zero', () => {
      const text = edited({ 1: { Credit: '0,00' }, 0: { Debit: '20,00' } });
      expect(checkFec(text)).toEqual(problem(3, 'ligne sans montant : Debit et Credit à 0,00'));
    });
    it('a line with both sides filled', () => {
      const text = edited({ 3: { Credit: '10,00' }, 4: { Credit: '110,00' } });
      expect(checkFec(text)).toEqual(problem(5, 'Debit et Credit tous deux non nuls : un seul côté par ligne'));
    });
  });

  describe('rule 6: balanced entries in integer cents, one date per entry', () => {
    it('an entry one cent short', () => {
      expect(checkFec(edited({ 2: { Credit: '19,99' } }))).toEqual(
        problem(2, 'écriture VE2026-000001 déséquilibrée : débit 120,00, crédit 119,99'),
      );
    });
    it('0,10 + 0,20 = 0,30 exactly (no float)', () => {
      expect(checkFec(edited({ 0: { Debit: '0,30' }, 1: { Credit: '0,10' }, 2: { Credit: '0,20' } }))).toEqual([]);
    });
    it('an entry whose lines are not contiguous', () => {
      const [sale1, sale2, sale3, pay1, pay2, ...rest] = golden() as [Row, Row, Row, Row, Row, ...Row[]];
      expect(checkFec(toText([sale1, sale2, pay1, pay2, sale3, ...rest]))).toEqual([
        { line: 2, message: 'écriture VE2026-000001 déséquilibrée : débit 120,00, crédit 100,00' },
        { line: 6, message: 'écriture VE2026-000001 du 20260105 après une écriture du 20260110 (ordre chronologique)' },
        { line: 6, message: 'lignes de l’écriture VE2026-000001 non contiguës' },
        { line: 6, message: 'écriture VE2026-000001 déséquilibrée : débit 0,00, crédit 20,00' },
      ]);
    });
    it('a line with another EcritureDate or ValidDate than its entry', () => {
      expect(checkFec(edited({ 2: { ValidDate: '20260201' } }))).toEqual(
        problem(4, 'ValidDate 20260201 différente de celle de l’écriture (20260131, ligne 2)'),
      );
      expect(checkFec(edited({ 6: { EcritureDate: '20260113', PieceDate: '20260113' } }))).toEqual(
        problem(8, 'EcritureDate 20260113 différente de celle de l’écriture (20260112, ligne 7)'),
      );
    });
  });

  it('rule 7: EcritureDate never decreases from one entry to the next', () => {
    const text = edited({ 5: { EcritureDate: '20260109', PieceDate: '20260109' }, 6: { EcritureDate: '20260109' } });
    expect(checkFec(text)).toEqual(
      problem(7, 'écriture VE2026-000002 du 20260109 après une écriture du 20260110 (ordre chronologique)'),
    );
  });

  describe('rule 8: continuous numbering per journal from 1', () => {
    const renumber = (num: string) => edited({ 5: { EcritureNum: num }, 6: { EcritureNum: num } });
    it('a gap, reported once: the numbers after it follow on from it', () => {
      const rows = golden();
      const next = rows.slice(5).map((r) => ({ ...r, EcritureNum: 'VE2026-000004' }));
      const text = toText([...rows, ...next]).replaceAll('VE2026-000002', 'VE2026-000003');
      expect(checkFec(text)).toEqual(problem(7, 'écriture VE2026-000003 : numéro 3 dans le journal VE, 2 attendu'));
    });
    it('a number used again, reported once: the next number follows the highest', () => {
      const rows = golden();
      const again = rows.slice(0, 3).map((r) => ({ ...r, EcritureDate: '20260112', PieceDate: '20260112' }));
      const third = rows.slice(5).map((r) => ({ ...r, EcritureNum: 'VE2026-000003' }));
      expect(checkFec(toText([...rows, ...again, ...third]))).toEqual(
        problem(9, 'écriture VE2026-000001 : numéro 1 dans le journal VE, 3 attendu'),
      );
    });
    it('a journal starting at 2', () => {
      expect(checkFec(edited({ 3: { EcritureNum: 'BQ2026-000002' }, 4: { EcritureNum: 'BQ2026-000002' } }))).toEqual(
        problem(5, 'écriture BQ2026-000002 : numéro 2 dans le journal BQ, 1 attendu'),
      );
    });
    it('only the trailing digits count', () => {
      expect(checkFec(renumber('VE2026-2'))).toEqual([]);
      expect(checkFec(renumber('VE2026-'))).toEqual(
        problem(7, 'EcritureNum « VE2026- » sans numéro de séquence final'),
      );
    });
  });

  describe('rule 9: one label per account, auxiliary account and journal', () => {
    it('an account with two labels', () => {
      expect(checkFec(edited({ 5: { CompteLib: 'Clients adhérents' } }))).toEqual(
        problem(7, 'CompteLib « Clients adhérents » différent de « Clients » (ligne 2) pour 411000'),
      );
    });
    it('an auxiliary account with two labels', () => {
      expect(checkFec(edited({ 4: { CompAuxLib: 'Club Escalade de Lyon' } }))).toEqual(
        problem(6, 'CompAuxLib « Club Escalade de Lyon » différent de « Club Escalade Lyon » (ligne 2) pour C0001'),
      );
    });
    it('a journal with two labels', () => {
      expect(checkFec(edited({ 6: { JournalLib: 'Journal des ventes' } }))).toEqual(
        problem(8, 'JournalLib « Journal des ventes » différent de « Ventes » (ligne 2) pour VE'),
      );
    });
  });

  it('rule 10: an entry cannot be validated before its date', () => {
    const text = edited({ 3: { ValidDate: '20260109' }, 4: { ValidDate: '20260109' } });
    expect(checkFec(text)).toEqual([
      { line: 5, message: 'ValidDate 20260109 antérieure à EcritureDate 20260110' },
      { line: 6, message: 'ValidDate 20260109 antérieure à EcritureDate 20260110' },
    ]);
    // Validated the same day: allowed.
    expect(checkFec(edited({ 3: { ValidDate: '20260110' }, 4: { ValidDate: '20260110' } }))).toEqual([]);
  });

  it('rule 11: leading and trailing spaces are not checked', () => {
    expect(checkFec(edited({ 0: { EcritureLib: ' Licence ' }, 1: { PieceRef: 'VE2026-000001 ' } }))).toEqual([]);
  });

  describe('streaming', () => {
    // An unreadable amount, an LF alone, a bad date, a bad number, an empty line, no final CRLF.
    const failing = edited({ 0: { Debit: '12O,00' }, 2: { ValidDate: '20260230' }, 5: { EcritureNum: 'VE2026-9' } })
      .replace(/\r\n(?=BQ)/, '\n')
      .concat('\r\nVE');
    /** Every split: first chunk of 0..size-1 characters, then chunks of `size`. */
    function* splits(text: string) {
      for (let size = 1; size <= 7; size++) {
        for (let first = 0; first < size; first++) {
          const chunks = [text.slice(0, first)];
          for (let i = first; i < text.length; i += size) chunks.push(text.slice(i, i + size));
          yield chunks;
        }
      }
    }

    it('gives the same problems whatever the chunk boundaries', () => {
      expect(checkFec(failing)).toEqual([
        { line: 2, message: 'Debit « 12O,00 » : montant attendu en 1234,56 (sans signe ni séparateur de milliers)' },
        { line: 4, message: 'fin de ligne LF sans CR (CRLF attendu)' },
        { line: 4, message: 'ValidDate « 20260230 » n’est pas une date AAAAMMJJ existante' },
        { line: 4, message: 'ValidDate 20260230 différente de celle de l’écriture (20260131, ligne 2)' },
        { line: 7, message: 'écriture VE2026-9 : numéro 9 dans le journal VE, 2 attendu' },
        { line: 7, message: 'écriture VE2026-9 déséquilibrée : débit 1234,56, crédit 0,00' },
        { line: 8, message: 'écriture VE2026-000002 : numéro 2 dans le journal VE, 10 attendu' },
        { line: 8, message: 'écriture VE2026-000002 déséquilibrée : débit 0,00, crédit 1234,56' },
        { line: 9, message: 'ligne vide' },
        { line: 10, message: 'le fichier doit se terminer par CRLF' },
        { line: 10, message: '1 champs au lieu de 18' },
      ]);
      for (const text of [toText(golden()), failing]) {
        const whole = checkFec(text);
        for (const chunks of splits(text)) {
          const checker = new FecChecker();
          for (const chunk of chunks) checker.push(chunk);
          expect(checker.finish()).toEqual(whole);
        }
      }
    });

    it(`stops at ${FEC_MAX_PROBLEMS} problems`, () => {
      const text = toText(golden()) + 'x\r\n'.repeat(500);
      const problems = checkFec(text);
      expect(problems).toHaveLength(FEC_MAX_PROBLEMS);
      expect(problems.at(-1)).toEqual({ line: 108, message: '1 champs au lieu de 18' });
    });

    it('a line longer than any record (CR-only file) stops the check without holding the file', () => {
      const text = toText(golden())
        .replaceAll('\r\n', '\r')
        .repeat(Math.ceil(FEC_MAX_LINE_LENGTH / 1000));
      const checker = new FecChecker();
      for (let i = 0; i < text.length; i += 65536) checker.push(text.slice(i, i + 65536));
      const problems = checker.finish();
      expect(problems).toEqual(
        problem(1, `ligne de plus de ${FEC_MAX_LINE_LENGTH} caractères (fin de ligne CRLF absente ?)`),
      );
      expect(checkFec(text)).toEqual(problems); // the same when the whole line comes in one piece
    });
  });
});
