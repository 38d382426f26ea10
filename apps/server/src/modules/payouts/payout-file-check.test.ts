import { buildPain001, PAIN001_VERSIONS, type Pain001Input, type Pain001Version } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import { pain001XmlProblems } from './payout-file-check';

const payouts = (version: Pain001Version): Pain001Input => ({
  version,
  messageId: 'GDF-VIR-7',
  paymentInfoId: 'GDF-VIR-7-1',
  createdAt: new Date('2026-11-21T10:00:00Z'),
  requestedExecutionDate: '2026-11-27',
  debtor: {
    name: 'FFME',
    iban: 'FR7630004000031234567890143',
    bic: 'BNPAFRPP',
    address: { town: 'Paris', country: 'FR' },
  },
  transfers: [1, 2].map((n) => ({
    endToEndId: `GDF-VIR-7-${n}`,
    amountCents: 1000 * n + 5,
    creditorName: `Ligue ${n}`,
    creditorIban: 'FR7630006000011234567890189',
    creditorBic: null,
    creditorAddress: { street: '1 rue', postCode: '69001', town: 'Lyon', country: 'FR' },
    remittance: 'Quote-part 2026',
  })),
});

describe('the last gate of a payout file: XSD (ISO 20022 pain.001), addresses, amounts and totals (R-PAY-05)', () => {
  it.each(PAIN001_VERSIONS)('accepts a file the builder wrote (%s)', async (version) => {
    expect(await pain001XmlProblems(buildPain001(payouts(version)), version)).toEqual([]);
  });

  it('refuses a file checked against the other version’s schema', async () => {
    const [problem] = await pain001XmlProblems(buildPain001(payouts('pain.001.001.09')), 'pain.001.001.03');
    expect(problem).toMatch(/^Non conforme au schéma pain.001.001.03 : /);
  });

  it.each([
    [
      'a negative amount (the schema)',
      '<InstdAmt Ccy="EUR">-10.05</InstdAmt>',
      /^Non conforme au schéma pain.001.001.09 : Element 'InstdAmt'/,
    ],
    ['an amount that is not a number (the schema)', '<InstdAmt Ccy="EUR">10,05</InstdAmt>', /^Non conforme au schéma/],
    [
      'three decimals (valid for the schema)',
      '<InstdAmt Ccy="EUR">10.055</InstdAmt>',
      /^Montant non conforme aux règles SEPA .* : 10.055 EUR\.$/,
    ],
    [
      'a zero amount (valid for the schema)',
      '<InstdAmt Ccy="EUR">0.00</InstdAmt>',
      /^Montant non conforme aux règles SEPA .* : 0.00 EUR\.$/,
    ],
    [
      'another currency (valid for the schema)',
      '<InstdAmt Ccy="USD">10.05</InstdAmt>',
      /^Montant non conforme aux règles SEPA .* : 10.05 USD\.$/,
    ],
  ])('refuses a broken amount: %s', async (_label, amount, message) => {
    const xml = buildPain001(payouts('pain.001.001.09')).replace('<InstdAmt Ccy="EUR">10.05</InstdAmt>', amount);
    const problems = await pain001XmlProblems(xml, 'pain.001.001.09');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it.each(PAIN001_VERSIONS)('recounts CtrlSum and NbOfTxs from the transfers (%s)', async (version) => {
    const xml = buildPain001(payouts(version));
    expect(
      await pain001XmlProblems(xml.replace('<CtrlSum>30.10</CtrlSum>', '<CtrlSum>30.11</CtrlSum>'), version),
    ).toEqual(['CtrlSum (30.11) différent de la somme des montants.']);
    expect(
      await pain001XmlProblems(xml.replace('<CtrlSum>30.10</CtrlSum>', '<CtrlSum>30.104</CtrlSum>'), version),
    ).toEqual(['CtrlSum (30.104) différent de la somme des montants.']);
    expect(await pain001XmlProblems(xml.replaceAll('<NbOfTxs>2</NbOfTxs>', '<NbOfTxs>1</NbOfTxs>'), version)).toEqual([
      'NbOfTxs (1) différent du nombre de transactions (2).',
      'NbOfTxs (1) différent du nombre de transactions (2).',
    ]);
  });

  it.each(PAIN001_VERSIONS)(
    'R-SEPA-03: refuses an unstructured-only address, valid against the schema (%s)',
    async (version) => {
      const xml = buildPain001(payouts(version)).replace(
        '<PstlAdr><StrtNm>1 rue</StrtNm><PstCd>69001</PstCd><TwnNm>Lyon</TwnNm><Ctry>FR</Ctry></PstlAdr>',
        '<PstlAdr><Ctry>FR</Ctry><AdrLine>1 rue</AdrLine><AdrLine>69001 Lyon</AdrLine></PstlAdr>',
      );
      expect(await pain001XmlProblems(xml, version)).toEqual([
        'Adresse non structurée (TwnNm et Ctry obligatoires, AdrLine en complément seulement) : 1 (Ligue 1).',
      ]);
    },
  );
});
