import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { centsToDecimal, PAIN008_VERSIONS, transactionProblem, type Pain008Version } from '@gdf/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../db/paths';
import { assembleBatch } from './sepa-batch';
import { classifyDebtors } from './sepa-debtors';
import { pain008XmlProblems } from './sepa-file-check';
import type { DebtorDueRow } from './sepa.repository';

/**
 * R-SEPA-05 and R-SEPA-03, property: whatever structures, addresses, RIBs and labels the
 * database holds (emoji, blanks, 200 characters, XML specials, every Latin-1 letter, any
 * country, no town...), the pre-flight gate either leaves a debtor out or writes it into a
 * file valid against its XSD whose every address (creditor and debtors) is structured or
 * hybrid: TwnNm and Ctry as their own elements, AdrLine only as a complement. Checked in
 * process (libxml2-wasm, as the server does), by the address pattern below, and again by
 * xmllint, 50 files per run.
 */

const XSD_DIR = path.join(repositoryRoot(), 'test-fixtures', 'xsd');
const COLLECTION = '2026-11-27';
const run = promisify(execFile);

const LATIN1 = Array.from({ length: 0x100 - 0xa0 }, (_, i) => String.fromCharCode(0xa0 + i));
const AWKWARD = ['🏔️', '🧗‍♀️', '👩🏽‍🚒', ' ', '   ', '\t', '\n', '\u200b', '\u0000', '<', '>', '&', '"', "'", '&amp;'];
const PLAIN = [...'abcXYZ019 -/?:().,+', 'Saint-Étienne', 'Œuvre', 'l’Église', '’', '€', 'ß', 'Ł'];
const unit = fc.constantFrom(...LATIN1, ...AWKWARD, ...PLAIN);

/** Free text as users type it, and worse. */
const text = fc.oneof(
  fc.string({ unit, maxLength: 40 }),
  fc.string({ unit, minLength: 200, maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('   ', '🏔️', LATIN1.join(''), `<a href="x">&'</a>`, 'x'.repeat(200)),
);
const nullableText = fc.option(text, { nil: null });

const IBANS = [
  'FR7630006000011234567890189',
  'FR76 3000 6000 0112 3456 7890 189',
  'fr7630004000031234567890143',
  'FR7630006000019876543210076',
  'DE89370400440532013000',
  'BE68539007547034',
  'CH9300762011623852957',
  'GB29NWBK60161331926819',
  'TR330006100519786457841326', // valid, outside SEPA
  'FR7630006000011234567890188', // wrong check digits
  '',
  '🏦',
];
/** Mostly what a bank accepts, often not: each debtor has a fair chance to reach the file. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: bad, weight: 1 });

const iban = mostly(
  fc.constantFrom<string | null>(...IBANS.slice(0, 8)),
  fc.oneof(fc.constantFrom(...IBANS, null), text),
);
const bic = mostly(
  fc.constantFrom<string | null>(null, 'BNPAFRPP', 'BNPAFRPPXXX', 'bnpa frpp'),
  fc.oneof(fc.constantFrom('BNPAFRP', '12345678', 'ÀBCDFRPP', '<b>'), nullableText),
);
const rum = mostly(
  fc.string({ unit: fc.constantFrom(..."AZaz09/-?:().,'+ "), minLength: 1, maxLength: 35 }),
  fc.oneof(
    fc.string({ unit: fc.constantFrom(..."AZaz09/-?:().,'+ é&<"), maxLength: 40 }),
    fc.constantFrom('/RUM//13/', 'R'.repeat(36)),
    nullableText,
  ),
);
const day = mostly(
  fc.constantFrom<string | null>('2024-09-12', COLLECTION),
  fc.constantFrom('2026-11-28', '2026-02-30', 'hier', '', null),
);
const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
/** Any ISO 3166 alpha-2 shape (FR, CH, GB, TR, ZZ...), often a real SEPA one, sometimes none at all. */
const anyCountry = fc.tuple(fc.constantFrom(...LETTERS), fc.constantFrom(...LETTERS)).map(([a, b]) => a + b);
const country = mostly(
  fc.oneof(fc.constantFrom('FR', 'DE', 'CH', 'GB', 'MC', 'TR'), anyCountry),
  fc.constantFrom<string | null>('fr', '', 'FRA', '🇫🇷', ' F', null),
);
/** Names and towns: any text, but mostly with a letter the EPC set keeps somewhere in it. */
const named = mostly(
  fc
    .tuple(text, fc.constantFrom(...LATIN1.filter((c) => /\p{L}/u.test(c)), 'A'), text)
    .map((parts): string | null => parts.join('')),
  nullableText,
);
/** Positive (the SQL keeps only those), up to above the SEPA maximum of 999999999.99. */
const amount = fc
  .oneof(fc.integer({ min: 1, max: 500_000 }), fc.constantFrom(1, 99_999_999_999, 100_000_000_000))
  .map(centsToDecimal);

const structure = fc.record({
  NomStructure: text,
  Titulaire: named,
  IBAN: iban,
  BIC: bic,
  MandatRUM: rum,
  MandatDateSignature: day,
  EST_Valide: mostly(fc.constant<boolean | null>(true), fc.constantFrom(false, null)),
  Adresse1: nullableText,
  Adresse2: nullableText,
  CodePostal: nullableText,
  Ville: named,
  Pays: country,
  flux: fc.array(fc.record({ label: text, amount }), { minLength: 1, maxLength: 3 }),
  previousIban: fc.constantFrom<string | null>(null, null, ...IBANS.slice(0, 8)),
});

const batchCase = fc.record({
  version: fc.constantFrom<Pain008Version>(...PAIN008_VERSIONS),
  structures: fc.array(structure, { minLength: 1, maxLength: 6 }),
  creditorAddress: fc.record({
    street: nullableText,
    postCode: nullableText,
    town: fc.constantFrom('Paris', 'Saint-Étienne', 'L’Haÿ-les-Roses', 'Genève'),
    country: fc.constantFrom('FR', 'CH', 'MC'),
    complement: nullableText,
  }),
});

/**
 * R-SEPA-03 as a bank applying the EPC rule of 15 November 2026 reads it: StrtNm and PstCd
 * when known, then TwnNm and Ctry, then at most two AdrLine; nothing else, never AdrLine alone.
 */
const STRUCTURED_OR_HYBRID =
  /^<PstlAdr>(<StrtNm>[^<]+<\/StrtNm>)?(<PstCd>[^<]+<\/PstCd>)?<TwnNm>[^<]+<\/TwnNm><Ctry>[A-Z]{2}<\/Ctry>(<AdrLine>[^<]+<\/AdrLine>){0,2}<\/PstlAdr>$/;
const addressesOf = (xml: string) => [...xml.matchAll(/<PstlAdr>.*?<\/PstlAdr>/g)].map((match) => match[0]);

describe('SEPA batch property: every file the gate lets through is valid against its XSD', () => {
  it(
    'holds for thousands of generated batches: structures, addresses, RIBs and labels',
    { timeout: 60_000 },
    async () => {
      const files: Array<{ xml: string; version: Pain008Version }> = [];
      let debtors = 0;
      await fc.assert(
        fc.asyncProperty(batchCase, async ({ version, structures, creditorAddress }) => {
          debtors += structures.length;
          const rows: DebtorDueRow[] = structures.map((s, index) => ({
            ...s,
            ID_Structure: index + 1,
            nbFlux: s.flux.length,
            total: '0.00',
          }));
          let fluxId = 0;
          const flux = structures.flatMap((s, index) =>
            s.flux.map((f) => ({ id: ++fluxId, ID_Structure: index + 1, NomFluxFinancier: f.label, amount: f.amount })),
          );
          const { eligible, excluded } = classifyDebtors(rows, COLLECTION, 1);
          // A debtor without a town (or an ISO country) is never in a file: it is listed with why.
          for (const row of rows.filter((r) => !r.Ville?.trim() || !/^[A-Z]{2}$/.test(r.Pays ?? ''))) {
            expect(eligible.some((s) => s.ID_Structure === row.ID_Structure)).toBe(false);
            expect(excluded.find((s) => s.ID_Structure === row.ID_Structure)?.motif).toBeTruthy();
          }
          const batch = assembleBatch({
            batchId: 7,
            version,
            sequenceType: 'RCUR',
            createdAt: new Date('2026-11-21T10:00:00Z'),
            collectionDate: COLLECTION,
            creditor: {
              name: 'Fédération Française de la Montagne & de l’Escalade',
              iban: 'FR7630004000031234567890143',
              bic: null,
              ics: 'FR72ZZZ123456',
              address: creditorAddress,
            },
            debtors: new Map(eligible.map((s) => [s.ID_Structure, s.row])),
            flux,
            lastAccounts: structures.flatMap((s, index) =>
              s.previousIban && s.MandatRUM
                ? [{ ID_Structure: index + 1, MandatRUM: s.MandatRUM, IBAN: s.previousIban }]
                : [],
            ),
          });
          for (const t of batch.transactions) expect(transactionProblem(t, COLLECTION)).toBeNull();
          if (batch.xml === null) return;
          expect(await pain008XmlProblems(batch.xml, version)).toEqual([]);
          const addresses = addressesOf(batch.xml);
          expect(addresses).toHaveLength(batch.transactions.length + 1); // the creditor's and one per transaction
          for (const address of addresses) expect(address).toMatch(STRUCTURED_OR_HYBRID);
          files.push({ xml: batch.xml, version });
        }),
        { numRuns: 2000 },
      );
      expect(debtors).toBeGreaterThan(2000);
      for (const version of PAIN008_VERSIONS) {
        expect(files.filter((file) => file.version === version).length, version).toBeGreaterThan(100);
      }
      await validateWithXmllint(files);
    },
  );
});

/** xmllint, 50 files per run (one schema compilation each): rejects with its report if any fails. */
async function validateWithXmllint(files: Array<{ xml: string; version: Pain008Version }>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gdf-sepa-property-'));
  try {
    for (const version of PAIN008_VERSIONS) {
      const names: string[] = [];
      for (const [index, file] of files.entries()) {
        if (file.version !== version) continue;
        const name = path.join(dir, `${version}-${index}.xml`);
        await writeFile(name, file.xml);
        names.push(name);
      }
      for (let start = 0; start < names.length; start += 50) {
        const chunk = names.slice(start, start + 50);
        await run('xmllint', ['--noout', '--schema', path.join(XSD_DIR, `${version}.xsd`), ...chunk]).catch(
          (error: { stderr?: string }) => {
            throw new Error(`xmllint refuse un fichier :\n${error.stderr ?? String(error)}`);
          },
        );
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
