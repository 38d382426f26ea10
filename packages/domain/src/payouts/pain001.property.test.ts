import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { countrySpecs, isValidIBAN } from 'ibantools';
import { afterAll, describe, expect, it } from 'vitest';
import { centsToDecimal, toCents } from '../money/money';
import { ibanProblem, SEPA_MAX_AMOUNT_CENTS } from '../sepa/epc-rules';
import { buildPain001 } from './pain001';
import { PAIN001_VERSIONS, type Pain001Input, type Pain001Version, type SepaCreditTransfer } from './pain001-types';
import { payeeExclusion, type Payee } from './payee-eligibility';

/**
 * R-PAY-05, R-PAY-06 and R-SEPA-03, property: whatever names, addresses and labels the
 * structures hold (XML specials, emoji, combining marks, right-to-left text, control
 * characters, 300 characters...) and whatever SEPA country their IBAN is from, a payee is
 * either left out with its reason or written into a file valid against its official XSD (both
 * versions, xmllint), whose NbOfTxs and CtrlSum match its transfers and whose every address
 * carries TwnNm and Ctry (structured or hybrid, never unstructured-only).
 */

const XSD_DIR = path.resolve(import.meta.dirname, '../../../../test-fixtures/xsd');
const WORK_DIR = mkdtempSync(path.join(tmpdir(), 'pain001-property-'));
afterAll(() => rmSync(WORK_DIR, { recursive: true, force: true }));

const LATIN1 = Array.from({ length: 0x100 - 0xa0 }, (_, i) => String.fromCharCode(0xa0 + i));
const HOSTILE = [
  ...['<', '>', '&', '"', "'", '&amp;', ']]>', '<!--', '&#0;'], // XML
  ...['🏔️', '🧗‍♀️', '👩🏽‍🚒', '🇫🇷'], // emoji, joiners, flags
  ...['e\u0301', 'c\u0327', '\u0301', 'A\u030a\u0323'], // combining marks
  ...['\u202e', '\u200f', 'الرياض', 'עברית'], // right to left
  ...['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u200b', '\ufeff', '\ufffe'], // controls
  ...['Saint-Étienne', 'Œuvre', 'l’Église', 'ß', 'Ł', '€', '«', '»', '—'],
];
const unit = fc.constantFrom(...LATIN1, ...HOSTILE, ...'abcXYZ019 -/?:().,+');

/** Free text as users type it, and worse. */
const text = fc.oneof(
  { arbitrary: fc.string({ unit, maxLength: 40 }), weight: 4 },
  fc.string({ unit, minLength: 300, maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', '   ', 'Lyon', 'Comité d’Île-de-France', `<a href="x">&'</a>`),
);
const nullableText = fc.option(text, { nil: null });

/** Every country of the SEPA schemes' scope, with its IBAN format, as ibantools lists them (epc-rules.ts). */
const SEPA_COUNTRIES = Object.entries(countrySpecs)
  .filter(([, spec]) => spec.SEPA === true && spec.bban_regexp && spec.chars)
  .map(([country, spec]) => ({ country, bban: spec.bban_regexp as string, length: (spec.chars as number) - 4 }));

const CHARSETS: Record<string, string> = {
  '0-9': '0123456789',
  'A-Z': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  'A-Z0-9': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
};

/** A BBAN of the registry's format: `[0-9]{5}[A-Z0-9]{12}` parts. */
function bbanOf(pattern: string): fc.Arbitrary<string> {
  const parts = [...pattern.matchAll(/\[([^\]]+)\]\{(\d+)\}/g)].map(([, set, count]) => {
    const chars = CHARSETS[set as string];
    if (!chars) throw new Error(`Jeu de caractères inconnu : ${set}`);
    const length = Number(count);
    return fc.string({ unit: fc.constantFrom(...chars), minLength: length, maxLength: length });
  });
  return fc.tuple(...parts).map((values) => values.join(''));
}

/** ISO 13616 check digits: 98 minus the remainder of the rearranged IBAN modulo 97. */
function withCheckDigits(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`].map((char) => parseInt(char, 36)).join('');
  return `${country}${String(98n - (BigInt(digits) % 97n)).padStart(2, '0')}${bban}`;
}

/** A valid IBAN of the country (where it has national check digits, the BBANs that fail them are dropped). */
const ibanOf = ({ country, bban }: (typeof SEPA_COUNTRIES)[number]) =>
  bbanOf(bban)
    .map((value) => withCheckDigits(country, value))
    .filter((iban) => isValidIBAN(iban));
const sepaIban = fc.constantFrom(...SEPA_COUNTRIES).chain(ibanOf);

const letters = (length: number) =>
  fc.string({ unit: fc.constantFrom(...CHARSETS['A-Z']!), minLength: length, maxLength: length });
const alnum = (length: number) =>
  fc.string({ unit: fc.constantFrom(...CHARSETS['A-Z0-9']!), minLength: length, maxLength: length });

/** A BIC of the IBAN's country (8 or 11), sometimes none or malformed. */
const bicFor = (iban: string) =>
  fc
    .oneof(
      { arbitrary: fc.tuple(letters(4), alnum(2), fc.option(alnum(3), { nil: '' })), weight: 4 },
      { arbitrary: fc.constant(null), weight: 2 },
      { arbitrary: fc.constantFrom('', 'NOT A BIC', 'bnpa frpp'), weight: 1 },
    )
    .map((parts) => (Array.isArray(parts) ? `${parts[0]}${iban.slice(0, 2)}${parts[1]}${parts[2]}` : parts));

const payee = fc.record({
  name: fc.oneof({ arbitrary: text, weight: 2 }, fc.constantFrom('O’Neil & <Fils>', 'Ligue « Île-de-France »')),
  iban: fc.oneof(
    { arbitrary: sepaIban, weight: 8 },
    { arbitrary: fc.constantFrom(null, '', 'TR330006100519786457841326', 'FR7630006000011234567890188'), weight: 1 },
  ),
  street: nullableText,
  buildingNumber: nullableText,
  postCode: nullableText,
  town: fc.oneof(text, {
    arbitrary: fc.constantFrom('Besançon', 'Genève', 'Saint-Étienne', 'L’Haÿ-les-Roses'),
    weight: 2,
  }),
  country: fc.oneof(
    { arbitrary: fc.constantFrom('FR', 'DE', 'CH', 'IT'), weight: 6 },
    fc.constantFrom('', 'fr', 'XYZ'),
  ),
  complement: nullableText,
  remittance: text,
  blocked: fc.oneof({ arbitrary: fc.constant(false), weight: 9 }, fc.constant(true)),
  dueCents: fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 500_000 }), weight: 8 },
    fc.constantFrom(0, -100, 1, SEPA_MAX_AMOUNT_CENTS),
  ),
});
const payeeWithBic = payee.chain((p) => bicFor(p.iban ?? '').map((bic) => ({ ...p, bic })));
type GeneratedPayee = Payee & (typeof payeeWithBic extends fc.Arbitrary<infer T> ? T : never);

function transfer(p: GeneratedPayee, index: number): SepaCreditTransfer {
  return {
    endToEndId: `GDF-V-1-${index + 1}`,
    amountCents: p.dueCents,
    creditorName: p.name,
    creditorIban: p.iban ?? '',
    creditorBic: p.bic,
    creditorAddress: {
      street: p.street,
      buildingNumber: p.buildingNumber,
      postCode: p.postCode,
      town: p.town,
      country: p.country,
      complement: p.complement,
    },
    remittance: p.remittance,
  };
}

function fileFor(version: Pain001Version, transfers: SepaCreditTransfer[]): Pain001Input {
  return {
    version,
    messageId: 'GDF-VIR-1',
    paymentInfoId: 'GDF-VIR-1-PMT',
    createdAt: new Date('2026-11-21T10:00:00Z'),
    requestedExecutionDate: '2026-11-27',
    debtor: {
      name: 'Fédération & <co>',
      iban: 'FR7630004000031234567890143',
      bic: 'BNPAFRPPXXX',
      address: { street: 'quai de la Marne', buildingNumber: '8', postCode: '75019', town: 'Paris', country: 'FR' },
    },
    transfers,
  };
}

let fileNumber = 0;
/** xmllint's verdict (empty when valid) against the official schema. */
function schemaErrors(xml: string, version: Pain001Version): string {
  const file = path.join(WORK_DIR, `file-${++fileNumber}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', path.join(XSD_DIR, `${version}.xsd`), file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

const all = (xml: string, pattern: RegExp) => [...xml.matchAll(pattern)].map((m) => m[1] as string);

describe('pain.001 files from hostile payees (property, both versions, xmllint)', () => {
  it('covers every SEPA country of the registry', () => {
    const countries = SEPA_COUNTRIES.map(({ country }) => country);
    expect(countries.length).toBeGreaterThanOrEqual(36);
    for (const country of ['FR', 'DE', 'ES', 'IT', 'BE', 'NL', 'PT', 'CH', 'GB', 'MC', 'NO', 'SM', 'VA']) {
      expect(countries).toContain(country);
    }
    for (const spec of SEPA_COUNTRIES) {
      for (const iban of fc.sample(ibanOf(spec), { numRuns: 5, seed: 7 })) {
        expect(iban).toHaveLength(spec.length + 4);
        expect(ibanProblem(iban), iban).toBeNull();
      }
    }
  });

  it.each(PAIN001_VERSIONS)('writes every eligible payee, and only them, into a valid %s file', (version) => {
    let written = 0;
    fc.assert(
      fc.property(fc.array(payeeWithBic, { minLength: 1, maxLength: 8 }), (payees: GeneratedPayee[]) => {
        const eligible = payees.filter((p) => payeeExclusion(p, version) === null);
        if (eligible.length === 0) return;
        written += eligible.length;
        const transfers = eligible.map(transfer);
        const xml = buildPain001(fileFor(version, transfers));

        expect(schemaErrors(xml, version)).toBe('');
        const amounts = all(xml, /<InstdAmt Ccy="EUR">([^<]*)<\/InstdAmt>/g);
        const total = transfers.reduce((sum, t) => sum + t.amountCents, 0);
        expect(amounts.map(toCents)).toEqual(transfers.map((t) => t.amountCents));
        expect(all(xml, /<NbOfTxs>([^<]*)<\/NbOfTxs>/g)).toEqual([String(eligible.length), String(eligible.length)]);
        expect(all(xml, /<CtrlSum>([^<]*)<\/CtrlSum>/g)).toEqual([centsToDecimal(total), centsToDecimal(total)]);
        expect(all(xml, /<EndToEndId>([^<]*)<\/EndToEndId>/g)).toEqual(transfers.map((t) => t.endToEndId));

        const addresses = all(xml, /<PstlAdr>(.*?)<\/PstlAdr>/g);
        expect(addresses).toHaveLength(eligible.length + 1); // the federation's and each payee's
        for (const address of addresses) {
          expect(address).toMatch(/<TwnNm>[^<]+<\/TwnNm><Ctry>[A-Z]{2}<\/Ctry>(<AdrLine>[^<]+<\/AdrLine>){0,2}$/);
        }
        // Only the EPC Latin set, escaped, between the tags.
        const content = xml
          .slice(xml.indexOf('<Document'))
          .trim()
          .replaceAll(/<[^>]+>/g, '');
        expect(content.replaceAll('&apos;', "'")).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]*$/);
      }),
      // One xmllint run per case (a few milliseconds each): seconds on a loaded 2-core machine.
      { numRuns: 80 },
    );
    // The generators reach the file often enough for the property to mean something.
    expect(written).toBeGreaterThan(40);
  });
});
