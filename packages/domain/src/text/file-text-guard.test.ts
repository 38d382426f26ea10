import { describe, expect, it } from 'vitest';
import type { AccountingEntry, EntryLine } from '../accounting/entry';
import { FEC_COLUMNS, FEC_HEADER, fecLines } from '../accounting/fec';
import { pnmLines } from '../accounting/pnm';
import { SAGE_CSV_HEADER, sageCsvLines } from '../accounting/sage-csv';
import { documentPackSummaryHeader, documentPackSummaryLine, type DocumentPackFlux } from '../documents/document-pack';
import { toSepaText } from '../sepa/sepa-text';
import { escapeXml } from '../xml/escape-xml';
import { labelProblem } from '../flux/flux-write-rules';
import { compteInputSchema, parametresInputSchema } from '../accounting/contracts';
import { userTextProblem } from './user-text';

/** What a user could type into any text field that reaches a file. */
const HOSTILE = ["=cmd|' /C calc'!A0", '@SUM(1)', '\u202Eevil\u202C', 'a\u200Bb', '\u200B=1+1', '+33\u2066x'];
const HIDDEN = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;
// A cell a spreadsheet runs (after its CSV quotes): = + @, or '-' before anything but a number.
const FORMULA_START = /^"?(?:[=+@\t\r]|-(?![\d,.]|"?$))/;

/** Every text field of an entry holds `text` (accounts and codes included: a file trusts none). */
function hostileEntry(text: string): AccountingEntry {
  const line: EntryLine = {
    account: text,
    accountLabel: text,
    auxAccount: text,
    auxLabel: text,
    section: text,
    debitCents: 1234,
    creditCents: 0,
    lettered: true,
  };
  return {
    fluxId: 1,
    journal: text,
    number: text,
    sequence: 1,
    date: '2025-03-01',
    pieceRef: text,
    pieceDate: '2025-03-01',
    validDate: null,
    lettering: { code: text, date: '2025-03-02' },
    label: text,
    lines: [line, { ...line, debitCents: 0, creditCents: 1234 }],
  };
}

const records = (text: string) => text.split('\r\n').filter(Boolean);

describe('one text guard at the file boundary (R-SEC-16, R-SEC-17)', () => {
  it('FEC: every one of its 18 columns, from hostile text, starts no formula and carries no hidden character', () => {
    expect(FEC_HEADER.split('\t')).toHaveLength(FEC_COLUMNS.length);
    for (const text of HOSTILE) {
      for (const record of records(fecLines(hostileEntry(text)))) {
        const fields = record.split('\t');
        expect(fields).toHaveLength(FEC_COLUMNS.length);
        fields.forEach((field, index) => {
          expect(field, `${FEC_COLUMNS[index]} <- ${text}`).not.toMatch(/^[=+@]/);
          expect(field, `${FEC_COLUMNS[index]} <- ${text}`).not.toMatch(HIDDEN);
        });
      }
    }
    // The account label of Paramétrages comptables, as an earlier version let it be stored.
    const [record] = records(fecLines(hostileEntry('=HYPERLINK("http://x","clic")')));
    expect(record!.split('\t')[FEC_COLUMNS.indexOf('CompteLib')]).toBe(`'=HYPERLINK("http://x","clic")`);
  });

  it('SAGE CSV: every column of its header, from hostile text, starts no formula and carries no hidden character', () => {
    const columns = SAGE_CSV_HEADER.trim().split(';');
    for (const text of HOSTILE)
      for (const record of records(sageCsvLines(hostileEntry(text), 69))) {
        const cells = record.split(';');
        expect(cells).toHaveLength(columns.length);
        cells.forEach((cell, index) => {
          expect(cell, `${columns[index]} <- ${text}`).not.toMatch(FORMULA_START);
          expect(cell, `${columns[index]} <- ${text}`).not.toMatch(HIDDEN);
        });
      }
  });

  it('PNM: no hidden character in any record, which starts with its journal code', () => {
    // Journal codes are 1 to 3 capitals or digits (contracts.ts): the record's first bytes.
    for (const text of HOSTILE)
      for (const record of records(pnmLines({ ...hostileEntry(text), journal: 'VE' }))) {
        expect(record, text).not.toMatch(HIDDEN);
        expect(record, text).not.toMatch(/^[=+@-]/);
      }
  });

  it("sommaire.csv: every column of the packs' summary, from hostile text, starts no formula and hides nothing", () => {
    const columns = documentPackSummaryHeader().replace('\uFEFF', '').trim().split(';');
    for (const text of HOSTILE) {
      const flux: DocumentPackFlux = { id: 7, seasonId: 2025, structureName: text, label: text, amountCents: 100 };
      const cells = documentPackSummaryLine(flux, text).trim().split(';');
      expect(cells).toHaveLength(columns.length);
      cells.forEach((cell, index) => {
        expect(cell, `${columns[index]} <- ${text}`).not.toMatch(FORMULA_START);
        expect(cell, `${columns[index]} <- ${text}`).not.toMatch(HIDDEN);
      });
    }
  });

  it('SEPA and CII XML text: no hidden character; removed, not turned into a space', () => {
    for (const text of HOSTILE) {
      expect(toSepaText(text), text).not.toMatch(HIDDEN);
      expect(escapeXml(text), text).not.toMatch(HIDDEN);
    }
    expect(toSepaText('Du\u200Bpont')).toBe('Dupont');
    expect(escapeXml('Club \u202Eevil\u202C & Co')).toBe('Club evil &amp; Co');
  });
});

describe('userTextProblem (R-SEC-17): typed text with control, bidi or zero-width characters is refused in French', () => {
  it('refuses each kind, names the field, accepts ordinary French text', () => {
    expect(userTextProblem('Ligne\u0000', 'Le libellé')).toMatch(/^Le libellé : .*caractères de contrôle/);
    expect(userTextProblem('a\nb', 'Le libellé')).toMatch(/retours à la ligne/);
    for (const hidden of [
      '\u202E',
      '\u202A',
      '\u2066',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u200B',
      '\u200D',
      '\u2060',
      '\uFEFF',
    ])
      expect(userTextProblem(`Licence${hidden}adulte`, 'Le libellé'), hidden.codePointAt(0)!.toString(16)).toMatch(
        /caractères invisibles ou de sens d'écriture/,
      );
    expect(userTextProblem('Licence adulte 2025 - Éloïse Œuvré (ФФМЕ) العربية', 'Le libellé')).toBeNull();
  });

  it('flux labels and Paramétrages comptables labels apply it', () => {
    expect(labelProblem('Licence\u202Eadulte', 'Le libellé')).toMatch(/invisibles/);
    const account = compteInputSchema.safeParse({ Numero: '706000', Libelle: 'Ventes\u200B' });
    expect(account.success).toBe(false);
    expect(account.error?.issues[0]?.message).toMatch(/^Libellé invalide : .*invisibles/);
    const settings = parametresInputSchema.safeParse({
      CompteCollectif: '411000',
      TiersPrefixe: '411',
      TiersCompteFixe: null,
      TiersLibelleFixe: 'Clients\u202E',
      SIREN: null,
    });
    expect(settings.success).toBe(false);
    expect(compteInputSchema.safeParse({ Numero: '706000', Libelle: 'Ventes de licences' }).success).toBe(true);
  });
});
