import { buildPain008, type Pain008Input, type Pain008Version } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import { pain008XmlProblems } from './sepa-file-check';

const input = (version: Pain008Version): Pain008Input => ({
  version,
  messageId: 'GDF-SEPA-7',
  paymentInfoId: 'GDF-SEPA-7-1',
  createdAt: new Date('2026-11-21T10:00:00Z'),
  requestedCollectionDate: '2026-11-27',
  sequenceType: 'RCUR',
  creditor: {
    name: 'FFME',
    iban: 'FR7630004000031234567890143',
    bic: 'BNPAFRPP',
    ics: 'FR72ZZZ123456',
    address: { town: 'Paris', country: 'FR' },
  },
  transactions: [1, 2].map((n) => ({
    endToEndId: `GDF-7-${n}`,
    amountCents: 1000 * n + 5,
    mandateReference: `FFME-${n}`,
    mandateSignedOn: '2024-09-12',
    debtorName: `Club ${n}`,
    debtorIban: 'FR7630006000011234567890189',
    debtorBic: null,
    debtorAddress: { street: '1 rue', postCode: '69001', town: 'Lyon', country: 'FR' },
    remittance: 'Licences',
  })),
});

describe('the last gate: XSD (ISO 20022 pain.008) and control totals of the written file', () => {
  it.each(['pain.008.001.08', 'pain.008.001.02'] as const)('accepts a file the builder wrote (%s)', async (version) => {
    expect(await pain008XmlProblems(buildPain008(input(version)), version)).toEqual([]);
  });

  it('refuses an empty TwnNm (a town of emoji only, R-SEPA-05) with the schema message', async () => {
    const xml = buildPain008(input('pain.008.001.08')).replace('<TwnNm>Lyon</TwnNm>', '<TwnNm></TwnNm>');
    const [problem] = await pain008XmlProblems(xml, 'pain.008.001.08');
    expect(problem).toMatch(/^Non conforme au schéma pain.008.001.08 : Element 'TwnNm'.*minLength/);
  });

  it.each(['pain.008.001.08', 'pain.008.001.02'] as const)(
    'R-SEPA-03: refuses an unstructured-only address, valid against the schema (%s)',
    async (version) => {
      const xml = buildPain008(input(version)).replace(
        '<PstlAdr><StrtNm>1 rue</StrtNm><PstCd>69001</PstCd><TwnNm>Lyon</TwnNm><Ctry>FR</Ctry></PstlAdr>',
        '<PstlAdr><Ctry>FR</Ctry><AdrLine>1 rue</AdrLine><AdrLine>69001 Lyon</AdrLine></PstlAdr>',
      );
      expect(await pain008XmlProblems(xml, version)).toEqual([
        'Adresse non structurée (TwnNm et Ctry obligatoires, AdrLine en complément seulement) : 1 (Club 1).',
      ]);
    },
  );

  it('refuses a file checked against the other version’s schema', async () => {
    expect(await pain008XmlProblems(buildPain008(input('pain.008.001.08')), 'pain.008.001.02')).toHaveLength(1);
  });

  it('recounts NbOfTxs and CtrlSum from the transactions (ISO 20022 group header rules)', async () => {
    const xml = buildPain008(input('pain.008.001.08'));
    expect(
      await pain008XmlProblems(xml.replace('<CtrlSum>30.10</CtrlSum>', '<CtrlSum>30.11</CtrlSum>'), 'pain.008.001.08'),
    ).toEqual(['CtrlSum (30.11) différent de la somme des montants.']);
    expect(
      await pain008XmlProblems(xml.replaceAll('<NbOfTxs>2</NbOfTxs>', '<NbOfTxs>3</NbOfTxs>'), 'pain.008.001.08'),
    ).toEqual([
      'NbOfTxs (3) différent du nombre de transactions (2).',
      'NbOfTxs (3) différent du nombre de transactions (2).',
    ]);
  });

  it('R-SEPA-05: refuses an amount the schema takes but a bank does not (three decimals)', async () => {
    const xml = buildPain008(input('pain.008.001.08')).replace('>10.05</InstdAmt>', '>10.055</InstdAmt>');
    expect(await pain008XmlProblems(xml, 'pain.008.001.08')).toEqual([
      'Montant non conforme aux règles SEPA (en euros, de 0.01 à 999999999.99, deux décimales au plus) : 10.055 EUR.',
    ]);
  });

  it('refuses XML that is not well formed', async () => {
    expect((await pain008XmlProblems('<Document><x></Document>', 'pain.008.001.08'))[0]).toMatch(/^XML mal formé/);
  });
});
