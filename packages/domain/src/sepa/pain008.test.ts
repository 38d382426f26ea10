import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPain008 } from './pain008';
import type { Pain008Input, Pain008Version, SepaDirectDebit } from './pain008-types';

/** The official schemas, copied unmodified in the repository's test-fixtures (its README). */
const XSD_DIR = path.resolve(import.meta.dirname, '../../../../test-fixtures/xsd');

function input(version: Pain008Version): Pain008Input {
  return {
    version,
    messageId: 'GDF-SEPA-7',
    paymentInfoId: 'GDF-SEPA-7-PMT',
    createdAt: new Date('2026-11-21T10:00:00Z'),
    requestedCollectionDate: '2026-11-27',
    sequenceType: 'RCUR',
    creditor: {
      name: 'Fédération Française de la Montagne & de l’Escalade',
      iban: 'FR7630004000031234567890143',
      bic: 'BNPAFRPPXXX',
      ics: 'FR72ZZZ123456',
      address: { street: '8-10 quai de la Marne', postCode: '75019', town: 'Paris', country: 'FR' },
    },
    transactions: [
      {
        endToEndId: 'GDF-101',
        amountCents: 12345,
        mandateReference: 'FFME-C001-42',
        mandateSignedOn: '2024-09-12',
        debtorName: 'Club Alpin Besançon Œuvre',
        debtorIban: 'FR76 3000 6000 0112 3456 7890 189',
        debtorBic: null,
        debtorAddress: { street: '3 rue de l’Église', postCode: '25000', town: 'Besançon', country: 'FR' },
        remittance: `Prélèvement licences 2026 <${'x'.repeat(200)}>`,
      },
      {
        endToEndId: 'GDF-102',
        amountCents: 5,
        mandateReference: 'FFME-C002-43',
        mandateSignedOn: '2025-01-03',
        debtorName: 'Grimpe "Côte" d’Azur',
        debtorIban: 'FR7630004000031234567890143',
        debtorBic: 'BNPAFRPP',
        debtorAddress: { town: 'Nice', country: 'FR' },
        remittance: 'Affiliation',
      },
    ],
  };
}

const between = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);

function validate(xml: string, version: Pain008Version): void {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pain008-')), 'file.xml');
  writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--schema', path.join(XSD_DIR, `${version}.xsd`), file], { stdio: 'pipe' });
}

/** The file of `input(version)` with its two transactions changed. */
function fileWith(
  version: Pain008Version,
  change: (first: SepaDirectDebit, second: SepaDirectDebit) => SepaDirectDebit[],
) {
  const base = input(version);
  const [first, second] = base.transactions as [SepaDirectDebit, SepaDirectDebit];
  return buildPain008({ ...base, transactions: change(first, second) });
}

describe('buildPain008', () => {
  it.each(['pain.008.001.08', 'pain.008.001.02'] as const)('produces a %s file valid against the XSD', (version) => {
    expect(() => validate(buildPain008(input(version)), version)).not.toThrow();
  });

  it('writes the key elements exactly (golden values)', () => {
    const xml = buildPain008(input('pain.008.001.08'));
    expect(between(xml, 'NbOfTxs')).toEqual(['2', '2']);
    expect(between(xml, 'CtrlSum')).toEqual(['123.50', '123.50']);
    expect(xml).toContain('<InstdAmt Ccy="EUR">123.45</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">0.05</InstdAmt>');
    expect(between(xml, 'EndToEndId')).toEqual(['GDF-101', 'GDF-102']);
    expect(between(xml, 'CreDtTm')).toEqual(['2026-11-21T11:00:00+01:00']); // Europe/Paris, with its offset
    expect(between(xml, 'MndtId')).toEqual(['FFME-C001-42', 'FFME-C002-43']);
    expect(between(xml, 'DtOfSgntr')).toEqual(['2024-09-12', '2025-01-03']);
    expect(between(xml, 'SeqTp')).toEqual(['RCUR']);
    expect(between(xml, 'Nm')).toEqual([
      'Federation Francaise de la Montagne + de l&apos;Escalade',
      'Federation Francaise de la Montagne + de l&apos;Escalade',
      'Club Alpin Besancon OEuvre',
      'Grimpe Cote d&apos;Azur',
    ]);
    expect(between(xml, 'TwnNm')).toEqual(['Paris', 'Besancon', 'Nice']);
    expect(between(xml, 'StrtNm')).toEqual(['8-10 quai de la Marne', '3 rue de l&apos;Eglise']);
    expect(between(xml, 'IBAN')).toContain('FR7630006000011234567890189');
    expect(between(xml, 'BICFI')).toEqual(['BNPAFRPPXXX', 'BNPAFRPP']);
    expect(xml).toContain('<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>');
    expect(between(xml, 'Ustrd')[0]).toHaveLength(140);
    expect(between(xml, 'Id')).toContain('FR72ZZZ123456');
  });

  it('uses BIC (not BICFI) in pain.008.001.02', () => {
    const xml = buildPain008(input('pain.008.001.02'));
    expect(between(xml, 'BIC')).toEqual(['BNPAFRPPXXX', 'BNPAFRPP']);
    expect(xml).not.toContain('BICFI');
  });

  it.each(['pain.008.001.08', 'pain.008.001.02'] as const)(
    'R-SEPA-03: writes structured addresses in %s (TwnNm and Ctry always, StrtNm and PstCd when known, no AdrLine)',
    (version) => {
      const xml = buildPain008(input(version));
      expect(xml).toContain(
        '<PstlAdr><StrtNm>8-10 quai de la Marne</StrtNm><PstCd>75019</PstCd><TwnNm>Paris</TwnNm><Ctry>FR</Ctry></PstlAdr>',
      );
      expect(xml).toContain(
        '<PstlAdr><StrtNm>3 rue de l&apos;Eglise</StrtNm><PstCd>25000</PstCd><TwnNm>Besancon</TwnNm><Ctry>FR</Ctry></PstlAdr>',
      );
      expect(xml).toContain('<PstlAdr><TwnNm>Nice</TwnNm><Ctry>FR</Ctry></PstlAdr>');
      expect(xml).not.toContain('<AdrLine>');
    },
  );

  it.each(['pain.008.001.08', 'pain.008.001.02'] as const)(
    'R-SEPA-03: a complement makes a hybrid address in %s (one AdrLine after Ctry), valid against the XSD',
    (version) => {
      const xml = fileWith(version, (first, second) => [
        { ...first, debtorAddress: { ...first.debtorAddress, complement: `Bâtiment « Œ » ${'x'.repeat(100)}` } },
        { ...second, debtorAddress: { town: 'Genève', country: 'CH', complement: '   ' } },
      ]);
      expect(() => validate(xml, version)).not.toThrow();
      expect(xml).toContain(`<TwnNm>Besancon</TwnNm><Ctry>FR</Ctry><AdrLine>Batiment OE ${'x'.repeat(58)}</AdrLine>`);
      expect(xml).toContain('<PstlAdr><TwnNm>Geneve</TwnNm><Ctry>CH</Ctry></PstlAdr>');
    },
  );

  it.each(['pain.008.001.08', 'pain.008.001.02'] as const)(
    'EPC IG AT-24: a changed debtor account is an amendment (AmdmntInd, OrgnlDbtrAcct, SMNDA on a new bank) in %s',
    (version) => {
      const xml = fileWith(version, (first, second) => [
        // Same bank (30006), another account: the original account only.
        { ...first, amendment: { originalDebtorIban: 'FR7630006000019876543210076', bankChanged: false } },
        // Another bank: the original account and SMNDA.
        { ...second, amendment: { originalDebtorIban: 'FR7630006000011234567890189', bankChanged: true } },
      ]);
      expect(() => validate(xml, version)).not.toThrow();
      expect(between(xml, 'AmdmntInd')).toEqual(['true', 'true']);
      expect(xml).toContain(
        '<DtOfSgntr>2024-09-12</DtOfSgntr><AmdmntInd>true</AmdmntInd><AmdmntInfDtls><OrgnlDbtrAcct><Id><IBAN>FR7630006000019876543210076</IBAN></Id></OrgnlDbtrAcct></AmdmntInfDtls>',
      );
      expect(xml).toContain(
        '<AmdmntInfDtls><OrgnlDbtrAcct><Id><IBAN>FR7630006000011234567890189</IBAN></Id></OrgnlDbtrAcct><OrgnlDbtrAgt><FinInstnId><Othr><Id>SMNDA</Id></Othr></FinInstnId></OrgnlDbtrAgt></AmdmntInfDtls>',
      );
    },
  );

  it('writes no amendment when the original account is the current one', () => {
    const base = input('pain.008.001.08');
    const [first] = base.transactions as [SepaDirectDebit];
    const xml = buildPain008({
      ...base,
      transactions: [{ ...first, amendment: { originalDebtorIban: first.debtorIban, bankChanged: false } }],
    });
    expect(xml).not.toContain('AmdmntInd');
  });

  it('refuses empty files, duplicate EndToEndIds and non-positive amounts', () => {
    const base = input('pain.008.001.08');
    const [first] = base.transactions as [Pain008Input['transactions'][number]];
    expect(() => buildPain008({ ...base, transactions: [] })).toThrow(RangeError);
    expect(() => buildPain008({ ...base, transactions: [first, first] })).toThrow(/double/);
    expect(() => buildPain008({ ...base, transactions: [{ ...first, amountCents: 0 }] })).toThrow(/Montant/);
    // The builder never writes a transaction the pre-flight gate would exclude.
    expect(() => buildPain008({ ...base, transactions: [{ ...first, mandateReference: '/RUM//13/' }] })).toThrow(/RUM/);
  });
});
