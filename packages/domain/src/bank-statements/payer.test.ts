import { describe, expect, it } from 'vitest';
import { highlightedProposal, proposeMatches, type MatchingData, type OpenFlux } from './matching';
import { identifyPayer, matchEntry } from './payer';
import {
  nameSimilarity,
  namesLicensee,
  normalizedWords,
  payerNameTokens,
  structureNameIndex,
  structureOfName,
} from './payer-names';
import { entryReferences } from './references';

const LYON = 110;
const GAUTIER = 120;
const IBAN = 'FR7630006000011234567890189';

const STRUCTURES = [
  { id: LYON, name: 'ASPTT Lyon montagne' },
  { id: GAUTIER, name: 'ASPTT Gautier-sur-Seine montagne' },
  { id: 130, name: 'Lyon Escalade' },
  { id: 131, name: 'Escalade club Lyon' },
  { id: 140, name: "Club alpin de l'Isère" },
];

const flux = (id: number, dueCents: number, more: Partial<OpenFlux> = {}): OpenFlux => ({
  id,
  seasonId: 2027,
  structureId: LYON,
  amountCents: dueCents,
  dueCents,
  batchId: null,
  rejected: false,
  createdDay: '2026-11-02',
  licensee: null,
  ...more,
});

function dataOf(all: OpenFlux[], more: Partial<MatchingData> = {}): MatchingData {
  const group = <K>(key: (item: OpenFlux) => K | null) => {
    const map = new Map<K, OpenFlux[]>();
    for (const item of all) {
      const k = key(item);
      if (k !== null) map.set(k, [...(map.get(k) ?? []), item]);
    }
    return map;
  };
  return {
    flux: new Map(all.map((item) => [item.id, item])),
    batchFlux: group((item) => item.batchId),
    structuresByIban: new Map(),
    fluxByStructure: new Map(),
    fluxByDue: group((item) => item.dueCents),
    structureNames: structureNameIndex(STRUCTURES),
    referencedStructures: new Map(
      all.map((item) => [item.id, { structureId: item.structureId, seasonId: item.seasonId }]),
    ),
    structuresByLicence: new Map(),
    ...more,
  };
}

const entry = (
  amountCents: number,
  texts: string[],
  more: { debtorName?: string | null; debtorIban?: string | null } = {},
) => {
  const debtorName = more.debtorName ?? null;
  return {
    amountCents,
    bookingDate: '2026-11-28',
    debtorIban: more.debtorIban ?? null,
    debtorName,
    references: entryReferences({ remittanceInfo: texts, label: null, endToEndIds: [], batch: null, debtorName }),
  };
};

/** The case: Vincent's licence at ASPTT Lyon montagne, Gautier's at another club, both 142,80 €. */
const vincent = flux(49758, 14_280, { licensee: { lastName: 'Vincent', firstName: 'Narcisse', licence: 601234 } });
const gautier = flux(49001, 14_280, {
  structureId: GAUTIER,
  licensee: { lastName: 'Gautier', firstName: 'Adèle', licence: 605555 },
});

describe('R-BANK-09 (b): payer names normalised', () => {
  it('upper case, no accents nor punctuation, dotted and spaced abbreviations joined', () => {
    expect(normalizedWords("Club alpin de l'Isère")).toEqual(['CLUB', 'ALPIN', 'DE', 'L', 'ISERE']);
    expect(normalizedWords('A.S.P.T.T. Lyon-Montagne')).toEqual(['ASPTT', 'LYON', 'MONTAGNE']);
    expect(normalizedWords('A S P T T LYON')).toEqual(['ASPTT', 'LYON']);
    expect(normalizedWords('Cœur de Savoie')).toEqual(['COEUR', 'DE', 'SAVOIE']);
  });

  it('legal forms, association words, articles and civilities are left out; ASPTT is kept', () => {
    expect(payerNameTokens('ASSOCIATION SPORTIVE ASPTT LYON MONTAGNE')).toEqual(['ASPTT', 'LYON', 'MONTAGNE']);
    expect(payerNameTokens('ASSO CLUB ALPIN DE L ISERE LOI 1901')).toEqual(['ALPIN', 'ISERE']);
    expect(payerNameTokens('SARL Roc et Grimpe')).toEqual(['ROC', 'GRIMPE']);
    expect(payerNameTokens('M OU MME VINCENT NARCISSE')).toEqual(['VINCENT', 'NARCISSE']);
  });

  it('a name designates the structure whose words are the most like it, never one of two as close', () => {
    const index = structureNameIndex(STRUCTURES);
    expect(structureOfName('ASPTT LYON MONTAGNE', index)).toBe(LYON);
    expect(structureOfName('ASS. SPORTIVE A.S.P.T.T. LYON', index)).toBe(LYON);
    expect(structureOfName('CLUB ALPIN ISERE', index)).toBe(140);
    // 'Lyon Escalade' and 'Escalade club Lyon' read the same: neither.
    expect(structureOfName('LYON ESCALADE', index)).toBeNull();
    // Too little in common.
    expect(structureOfName('MAIRIE DE LYON', index)).toBeNull();
    expect(structureOfName('ASSOCIATION', index)).toBeNull();
    expect(nameSimilarity(['ASPTT', 'LYON'], ['ASPTT', 'LYON', 'MONTAGNE'])).toBeCloseTo(2 / 3);
  });

  it('a licensee is named by every distinguishing word of their last name, or their licence number', () => {
    const words = new Set(normalizedWords('VIR LICENCE VINCENT'));
    expect(namesLicensee(words, [], vincent.licensee!)).toBe(true);
    expect(namesLicensee(words, [], gautier.licensee!)).toBe(false);
    expect(namesLicensee(new Set(), [605555], gautier.licensee!)).toBe(true);
    // A last name that is a word of every transfer names nobody.
    expect(namesLicensee(words, [], { lastName: 'Licence', firstName: 'Jo', licence: null })).toBe(false);
  });
});

describe('R-BANK-02 (a): invoice numbers read by the one flux-number reader (R-SEARCH-23)', () => {
  it('reads the printed number in any case and spacing, keeping its season', () => {
    const references = entryReferences({
      remittanceInfo: ['reglt fact 2027-ffme-49758 et 2027 FFME 12', 'LICENCE 601234'],
      label: null,
      endToEndIds: [],
      batch: null,
    });
    expect(references.invoices).toEqual([
      { seasonId: 2027, fluxId: 49758 },
      { seasonId: 2027, fluxId: 12 },
    ]);
    expect(references.licences).toEqual([601234]);
  });
});

describe('R-BANK-09: the payer identified', () => {
  it('by the IBAN (RIB, mandate or earlier reconciliation), its name and a licensee of its flux', () => {
    const e = entry(14_280, ['LICENCE VINCENT'], { debtorName: 'ASPTT LYON MONTAGNE', debtorIban: IBAN });
    const data = dataOf([vincent, gautier], { structuresByIban: new Map([[IBAN, [LYON]]]) });
    expect(identifyPayer(e, e.references, data)).toEqual({ structureId: LYON, sources: ['iban', 'nom', 'reference'] });
  });

  it('by the name alone, or by a licensee alone', () => {
    const byName = entry(14_280, ['VIREMENT'], { debtorName: 'ASS ASPTT LYON MONTAGNE' });
    expect(identifyPayer(byName, byName.references, dataOf([vincent, gautier]))).toEqual({
      structureId: LYON,
      sources: ['nom'],
    });
    const byLicensee = entry(14_280, ['LICENCE GAUTIER ADELE']);
    expect(identifyPayer(byLicensee, byLicensee.references, dataOf([vincent, gautier]))).toEqual({
      structureId: GAUTIER,
      sources: ['reference'],
    });
    const byLicence = entry(10_000, ['LIC 605555']);
    const data = dataOf([vincent, gautier], { structuresByLicence: new Map([[605555, [GAUTIER]]]) });
    expect(identifyPayer(byLicence, byLicence.references, data)?.structureId).toBe(GAUTIER);
  });

  it("an invoice number names its flux's structure, in its season only", () => {
    const e = entry(14_280, ['FACT 2027-FFME-49001']);
    expect(identifyPayer(e, e.references, dataOf([vincent, gautier]))?.structureId).toBe(GAUTIER);
    const otherSeason = entry(14_280, ['FACT 2026-FFME-49001']);
    expect(identifyPayer(otherSeason, otherSeason.references, dataOf([vincent, gautier]))).toBeNull();
  });

  it('nothing, or two structures as strongly designated: no payer', () => {
    const e = entry(14_280, ['VIREMENT']);
    expect(identifyPayer(e, e.references, dataOf([vincent, gautier]))).toBeNull();
    const shared = entry(14_280, ['VIREMENT'], { debtorIban: IBAN });
    const data = dataOf([vincent, gautier], { structuresByIban: new Map([[IBAN, [LYON, GAUTIER]]]) });
    expect(identifyPayer(shared, shared.references, data)).toBeNull();
  });
});

describe("R-BANK-10: proposals ranked with the payer: another structure's never first, never sure", () => {
  it("142,80 € from ASPTT LYON MONTAGNE, its IBAN, 'LICENCE VINCENT': Vincent's flux first and sure", () => {
    const e = entry(14_280, ['LICENCE VINCENT'], { debtorName: 'ASPTT LYON MONTAGNE', debtorIban: IBAN });
    // The other club's flux has the lower id: without the payer it would come first.
    const other = { ...gautier, id: 100 };
    const data = dataOf([vincent, other], { structuresByIban: new Map([[IBAN, [LYON]]]) });
    const { payer, proposals } = matchEntry(e, e.references, data);
    expect(payer?.structureId).toBe(LYON);
    expect(proposals.map((p) => [p.fluxIds, p.confidence, p.otherStructure])).toEqual([
      [[49758], 'sure', false],
      [[100], 'possible', true],
    ]);
    expect(proposals[1]!.reasons).toContain('autre_structure');
    expect(highlightedProposal(proposals)?.fluxIds).toEqual([49758]);
  });

  it('several flux of the payer owe the amount: the licensee named is the only sure one', () => {
    const twin = flux(49759, 14_280, { licensee: { lastName: 'Martin', firstName: 'Léa', licence: null } });
    const e = entry(14_280, ['LICENCE VINCENT'], { debtorName: 'ASPTT LYON MONTAGNE' });
    const { proposals } = matchEntry(e, e.references, dataOf([twin, vincent, gautier]));
    expect(proposals.map((p) => [p.fluxIds[0], p.confidence])).toEqual([
      [49758, 'sure'],
      [49759, 'probable'],
      [49001, 'possible'],
    ]);
  });

  it("an invoice of another structure than the payer's IBAN names: listed, possible, after the payer's", () => {
    // The payer is found by its IBAN, name and licensee; the text quotes the other club's invoice.
    const e = entry(14_280, ['LICENCE VINCENT FACT 2027-FFME-49001'], {
      debtorName: 'ASPTT LYON MONTAGNE',
      debtorIban: IBAN,
    });
    const data = dataOf([vincent, gautier], { structuresByIban: new Map([[IBAN, [LYON]]]) });
    const { payer, proposals } = matchEntry(e, e.references, data);
    expect(payer?.structureId).toBe(LYON);
    expect(proposals[0]).toMatchObject({ fluxIds: [49758], confidence: 'sure' });
    expect(proposals.find((p) => p.fluxIds[0] === 49001)).toMatchObject({
      confidence: 'possible',
      otherStructure: true,
    });
  });

  it('only other structures owe the amount: none is highlighted', () => {
    const e = entry(14_280, ['VIREMENT'], { debtorName: 'CLUB ALPIN ISERE' });
    const { payer, proposals } = matchEntry(e, e.references, dataOf([vincent, gautier]));
    expect(payer?.structureId).toBe(140);
    expect(proposals.every((p) => p.otherStructure && p.confidence === 'possible')).toBe(true);
    expect(highlightedProposal(proposals)).toBeNull();
  });

  it('over random entries and flux, no other structure is ever first nor sure once a payer is identified', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const names = ['VINCENT', 'GAUTIER', 'MARTIN', 'DURAND'];
    for (let round = 0; round < 300; round++) {
      const all = Array.from({ length: 6 }, (_, i) =>
        flux(i + 1, [14_280, 5_000, 9_990][Math.floor(next() * 3)]!, {
          structureId: STRUCTURES[Math.floor(next() * STRUCTURES.length)]!.id,
          licensee: { lastName: names[Math.floor(next() * 4)]!, firstName: 'X', licence: null },
        }),
      );
      const texts = [
        `LICENCE ${names[Math.floor(next() * 4)]}`,
        ...(next() < 0.3 ? [`FACT 2027-FFME-${1 + Math.floor(next() * 6)}`] : []),
      ];
      const debtorName = next() < 0.5 ? STRUCTURES[Math.floor(next() * STRUCTURES.length)]!.name : null;
      const e = entry([14_280, 5_000, 9_990][Math.floor(next() * 3)]!, texts, { debtorName });
      const data = dataOf(all, { fluxByStructure: new Map([[LYON, all.filter((f) => f.structureId === LYON)]]) });
      const { payer, proposals } = matchEntry(e, e.references, data);
      if (!payer) continue;
      for (const [index, proposal] of proposals.entries()) {
        const others = proposal.fluxIds.some((id) => data.flux.get(id)!.structureId !== payer.structureId);
        expect(proposal.otherStructure).toBe(others);
        if (others) {
          expect(proposal.confidence).not.toBe('sure');
          expect(proposals.slice(index).every((p) => p.otherStructure)).toBe(true);
        }
      }
    }
  });
});

describe('R-BANK-11: a batch credit and the debit of its rejects, proposed together', () => {
  it("the batch's collected flux plus the rejects' debit make the credit: sure, with the debit", () => {
    const batch = [
      flux(1, 1000, { batchId: 7 }),
      flux(2, 2000, { batchId: 7 }),
      flux(3, 4000, { batchId: 7, rejected: true }),
    ];
    const references = entryReferences({
      remittanceInfo: [],
      label: null,
      endToEndIds: [],
      batch: { messageId: 'GDF-SEPA-7', paymentInformationId: null, numberOfTransactions: 3, totalCents: 7000 },
    });
    const e = { amountCents: 7000, bookingDate: '2026-11-28', debtorIban: null };
    const debit = { entryId: 99, amountCents: 4000, bookingDate: '2026-11-30' };
    const withDebit = proposeMatches(e, references, dataOf(batch, { rejectDebits: new Map([[7, [debit]]]) }));
    expect(withDebit[0]).toMatchObject({
      fluxIds: [1, 2],
      dueCents: 3000,
      confidence: 'sure',
      reasons: ['lot', 'montant_lot', 'rejets_lot'],
      rejectDebit: debit,
    });
    // Without the debit, the gap is unexplained: the batch is only possible.
    expect(proposeMatches(e, references, dataOf(batch))[0]).toMatchObject({ score: 55, rejectDebit: null });
    // A debit of another amount explains nothing.
    const wrong = { ...debit, amountCents: 3999 };
    expect(proposeMatches(e, references, dataOf(batch, { rejectDebits: new Map([[7, [wrong]]]) }))[0]?.score).toBe(55);
  });
});
