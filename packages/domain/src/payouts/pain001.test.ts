import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEPA_MAX_AMOUNT_CENTS } from '../sepa/epc-rules';
import { buildPain001, pain001FileProblems } from './pain001';
import { pain001Bic } from './payee-eligibility';
import { DEFAULT_PAIN001_VERSION, PAIN001_VERSIONS } from './pain001-types';
import type { Pain001Input, Pain001Version, SepaCreditTransfer } from './pain001-types';

/** The official schemas, copied unmodified in the repository's test-fixtures (its README). */
const XSD_DIR = path.resolve(import.meta.dirname, '../../../../test-fixtures/xsd');

function input(version: Pain001Version): Pain001Input {
  return {
    version,
    messageId: 'GDF-VIR-7',
    paymentInfoId: 'GDF-VIR-7-PMT',
    createdAt: new Date('2026-11-21T10:00:00Z'),
    requestedExecutionDate: '2026-11-27',
    debtor: {
      name: 'Fédération Française de la Montagne & de l’Escalade',
      iban: 'FR76 3000 4000 0312 3456 7890 143',
      bic: 'BNPAFRPPXXX',
      address: { street: 'quai de la Marne', buildingNumber: '8-10', postCode: '75019', town: 'Paris', country: 'FR' },
    },
    transfers: [
      {
        endToEndId: 'GDF-VIR-7-101',
        amountCents: 1_234_567,
        creditorName: 'Ligue Auvergne-Rhône-Alpes <Œuvre> "ARA"',
        creditorIban: 'FR76 3000 6000 0112 3456 7890 189',
        creditorBic: null,
        creditorAddress: { street: 'rue de l’Église', postCode: '69001', town: 'Lyon', country: 'FR' },
        remittance: `Quote-part licences 2026 <${'x'.repeat(200)}>`,
      },
      {
        endToEndId: 'GDF-VIR-7-102',
        instructionId: 'INSTR-102',
        amountCents: 5,
        creditorName: 'Club Alpin de Genève',
        creditorIban: 'CH9300762011623852957',
        creditorBic: 'UBSWCHZH80A',
        creditorAddress: { town: 'Genève', country: 'CH', complement: 'Bâtiment « B »' },
        remittance: 'Remboursement',
      },
    ],
  };
}

const between = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);

function validate(xml: string, version: Pain001Version): void {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pain001-')), 'file.xml');
  writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--schema', path.join(XSD_DIR, `${version}.xsd`), file], { stdio: 'pipe' });
}

/** The file of `input(version)` with its transfers changed. */
function withTransfers(version: Pain001Version, change: (first: SepaCreditTransfer) => SepaCreditTransfer[]) {
  const base = input(version);
  return { ...base, transfers: change(base.transfers[0] as SepaCreditTransfer) };
}

describe('buildPain001 (R-PAY-05)', () => {
  it('offers pain.001.001.09 by default and pain.001.001.03', () => {
    expect(PAIN001_VERSIONS).toEqual(['pain.001.001.09', 'pain.001.001.03']);
    expect(DEFAULT_PAIN001_VERSION).toBe('pain.001.001.09');
  });

  it.each(PAIN001_VERSIONS)('produces a %s file valid against the official XSD', (version) => {
    expect(() => validate(buildPain001(input(version)), version)).not.toThrow();
  });

  it('writes the key elements exactly (golden values)', () => {
    const xml = buildPain001(input('pain.001.001.09'));
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/,
    );
    expect(between(xml, 'NbOfTxs')).toEqual(['2', '2']);
    expect(between(xml, 'CtrlSum')).toEqual(['12345.72', '12345.72']);
    expect(between(xml, 'InstdAmt')).toEqual(['12345.67', '0.05']);
    expect(xml).toContain('<Amt><InstdAmt Ccy="EUR">0.05</InstdAmt></Amt>');
    expect(between(xml, 'CreDtTm')).toEqual(['2026-11-21T11:00:00+01:00']); // Europe/Paris, with its offset
    expect(xml).toContain('<PmtMtd>TRF</PmtMtd><BtchBookg>true</BtchBookg>');
    expect(xml).toContain(
      '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf><ReqdExctnDt><Dt>2026-11-27</Dt></ReqdExctnDt>',
    );
    expect(between(xml, 'ChrgBr')).toEqual(['SLEV']);
    expect(between(xml, 'EndToEndId')).toEqual(['GDF-VIR-7-101', 'GDF-VIR-7-102']);
    expect(between(xml, 'InstrId')).toEqual(['GDF-VIR-7-101', 'INSTR-102']);
    expect(between(xml, 'IBAN')).toEqual([
      'FR7630004000031234567890143',
      'FR7630006000011234567890189',
      'CH9300762011623852957',
    ]);
    expect(between(xml, 'Nm')).toEqual([
      'Federation Francaise de la Montagne + de l&apos;Escalade',
      'Federation Francaise de la Montagne + de l&apos;Escalade',
      'Ligue Auvergne-Rhone-Alpes OEuvre ARA',
      'Club Alpin de Geneve',
    ]);
    expect(between(xml, 'Ustrd')[0]).toHaveLength(140);
    expect(between(xml, 'Ustrd')[1]).toBe('Remboursement');
  });

  it('writes the debtor agent by BIC (BICFI in .09, BIC in .03), the creditor agent only when its BIC is known', () => {
    const v09 = buildPain001(input('pain.001.001.09'));
    expect(v09).toContain('<DbtrAgt><FinInstnId><BICFI>BNPAFRPPXXX</BICFI></FinInstnId></DbtrAgt>');
    expect(between(v09, 'BICFI')).toEqual(['BNPAFRPPXXX', 'UBSWCHZH80A']);
    const v03 = buildPain001(input('pain.001.001.03'));
    expect(between(v03, 'BIC')).toEqual(['BNPAFRPPXXX', 'UBSWCHZH80A']);
    expect(v03).not.toContain('BICFI');
    expect(v03).toContain('<ReqdExctnDt>2026-11-27</ReqdExctnDt>');
    expect(v09.match(/<CdtrAgt>/g)).toHaveLength(1);
    const base = input('pain.001.001.09');
    const withoutBic = buildPain001({ ...base, debtor: { ...base.debtor, bic: null } });
    expect(withoutBic).toContain('<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>');
  });

  it('keeps a BIC only where the version’s schema accepts it (the 2009 BICIdentifier is stricter)', () => {
    expect(pain001Bic('bnpa frpp', 'pain.001.001.09')).toBe('BNPAFRPP');
    expect(pain001Bic('BNPAFR1P', 'pain.001.001.09')).toBe('BNPAFR1P');
    expect(pain001Bic('BNPAFR1P', 'pain.001.001.03')).toBeNull();
    expect(pain001Bic('NOT A BIC', 'pain.001.001.09')).toBeNull();
    const file = withTransfers('pain.001.001.03', (first) => [{ ...first, creditorBic: 'BNPAFR1P' }]);
    const xml = buildPain001(file);
    expect(xml).not.toContain('<CdtrAgt>');
    expect(() => validate(xml, 'pain.001.001.03')).not.toThrow();
  });

  it.each(PAIN001_VERSIONS)(
    'R-SEPA-03: every address is structured or hybrid in %s (TwnNm and Ctry always, AdrLine only as complement)',
    (version) => {
      const xml = buildPain001(input(version));
      expect(xml).toContain(
        '<PstlAdr><StrtNm>quai de la Marne</StrtNm><BldgNb>8-10</BldgNb><PstCd>75019</PstCd><TwnNm>Paris</TwnNm><Ctry>FR</Ctry></PstlAdr>',
      );
      expect(xml).toContain(
        '<PstlAdr><StrtNm>rue de l&apos;Eglise</StrtNm><PstCd>69001</PstCd><TwnNm>Lyon</TwnNm><Ctry>FR</Ctry></PstlAdr>',
      );
      expect(xml).toContain('<PstlAdr><TwnNm>Geneve</TwnNm><Ctry>CH</Ctry><AdrLine>Batiment B</AdrLine></PstlAdr>');
      const addresses = xml.match(/<PstlAdr>.*?<\/PstlAdr>/g) ?? [];
      expect(addresses).toHaveLength(3);
      for (const address of addresses) {
        expect(address).toMatch(
          /^<PstlAdr>(<StrtNm>[^<]+<\/StrtNm>)?(<BldgNb>[^<]+<\/BldgNb>)?(<PstCd>[^<]+<\/PstCd>)?<TwnNm>[^<]+<\/TwnNm><Ctry>[A-Z]{2}<\/Ctry>(<AdrLine>[^<]+<\/AdrLine>){0,2}<\/PstlAdr>$/,
        );
      }
    },
  );

  it('escapes what XML needs and transliterates to the EPC Latin set (never a raw <, & or accent)', () => {
    const file = withTransfers('pain.001.001.09', (first) => [
      { ...first, creditorName: `O'Neil & Fils <script>alert("x")</script> — Zoë 🧗‍♀️ \u202Eالرياض`, remittance: 'A&B' },
    ]);
    const xml = buildPain001(file);
    expect(between(xml, 'Nm')[2]).toBe('O&apos;Neil + Fils script alert( x ) /script - Zoe');
    expect(between(xml, 'Ustrd')).toEqual(['A+B']);
    const body = xml.slice(xml.indexOf('<Document')).trim();
    expect(body.replaceAll(/<[^>]+>/g, '')).toMatch(/^[A-Za-z0-9/\-?:().,'+ &;]*$/);
    expect(() => validate(xml, 'pain.001.001.09')).not.toThrow();
  });

  it('leaves out an empty remittance (Ustrd needs a character)', () => {
    const xml = buildPain001(withTransfers('pain.001.001.09', (first) => [{ ...first, remittance: ' 🏔️ ' }]));
    expect(xml).not.toContain('<RmtInf>');
    expect(() => validate(xml, 'pain.001.001.09')).not.toThrow();
  });

  it('gives the same bytes for the same input (identifiers and dates are inputs)', () => {
    expect(buildPain001(input('pain.001.001.09'))).toBe(buildPain001(input('pain.001.001.09')));
  });
});

describe('buildPain001 refuses what the caller should have filtered (French reasons)', () => {
  const version = 'pain.001.001.09';

  it.each([
    ['no transfer', () => ({ ...input(version), transfers: [] }), /Aucun virement à émettre/],
    ['a zero amount', () => withTransfers(version, (t) => [{ ...t, amountCents: 0 }]), /montant hors des limites SEPA/],
    ['a negative amount', () => withTransfers(version, (t) => [{ ...t, amountCents: -100 }]), /montant hors/],
    ['fractional cents', () => withTransfers(version, (t) => [{ ...t, amountCents: 10.5 }]), /montant hors/],
    [
      'an amount above 999 999 999,99 €',
      () => withTransfers(version, (t) => [{ ...t, amountCents: SEPA_MAX_AMOUNT_CENTS + 1 }]),
      /montant hors/,
    ],
    [
      'a missing town',
      () => withTransfers(version, (t) => [{ ...t, creditorAddress: { ...t.creditorAddress, town: ' 🏔️ ' } }]),
      /Virement GDF-VIR-7-101 : Adresse postale incomplète \(ville et pays nécessaires\)/,
    ],
    [
      'a missing country',
      () => withTransfers(version, (t) => [{ ...t, creditorAddress: { ...t.creditorAddress, country: '' } }]),
      /Adresse postale incomplète/,
    ],
    ['a name of emoji only', () => withTransfers(version, (t) => [{ ...t, creditorName: '🧗' }]), /Nom du titulaire/],
    [
      'an invalid IBAN',
      () => withTransfers(version, (t) => [{ ...t, creditorIban: 'FR7630006000011234567890188' }]),
      /Pas de RIB valide/,
    ],
    [
      'an IBAN outside SEPA',
      () => withTransfers(version, (t) => [{ ...t, creditorIban: 'TR330006100519786457841326' }]),
      /IBAN hors zone SEPA \(TR\)/,
    ],
    ['a duplicate EndToEndId', () => withTransfers(version, (t) => [t, t]), /EndToEndId en double : GDF-VIR-7-101/],
    [
      'a bad EndToEndId',
      () => withTransfers(version, (t) => [{ ...t, endToEndId: 'GDF//1' }]),
      /EndToEndId non conforme/,
    ],
    ['a bad MsgId', () => ({ ...input(version), messageId: 'é'.repeat(36) }), /Identifiant du message \(MsgId\)/],
    [
      'an impossible date',
      () => ({ ...input(version), requestedExecutionDate: '2026-02-30' }),
      /Date d’exécution invalide/,
    ],
    [
      'a federation without a town',
      () => ({ ...input(version), debtor: { ...input(version).debtor, address: { town: '', country: 'FR' } } }),
      /Compte débité \(fédération\) : Adresse postale incomplète/,
    ],
  ] as const)('%s', (_label, make, message) => {
    const file = make() as Pain001Input;
    expect(pain001FileProblems(file).join(' ')).toMatch(message);
    expect(() => buildPain001(file)).toThrow(RangeError);
    expect(() => buildPain001(file)).toThrow(message);
  });

  it('EPC SCT: a payee in a SEPA country outside the EEA needs a BIC its version can write', () => {
    const swiss = (bic: string | null) =>
      withTransfers('pain.001.001.03', (t) => [{ ...t, creditorIban: 'CH9300762011623852957', creditorBic: bic }]);
    expect(() => buildPain001(swiss(null))).toThrow(/BIC obligatoire pour un compte hors de l’EEE \(CH\)/);
    expect(() => buildPain001(swiss('UBSWCH1Z'))).toThrow(/BIC obligatoire pour un compte hors de l’EEE \(CH\)/);
    expect(() => buildPain001({ ...swiss('UBSWCH1Z'), version: 'pain.001.001.09' })).not.toThrow();
    expect(() => buildPain001(swiss('UBSWCHZH80A'))).not.toThrow();
  });
});
