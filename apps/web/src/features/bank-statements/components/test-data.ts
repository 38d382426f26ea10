import type { BankEntryPage, BankEntryView, BankMatchFlux, BankStatementSummary } from '@gdf/domain';

/** Component-test data of the bank statements (R-BANK-01 to R-BANK-07), shaped as the server sends it. */
export const statement: BankStatementSummary = {
  id: 7,
  format: 'camt.053.001.08',
  identifiant: 'STMT-2026-03',
  compte: 'FR76 •••• 0189',
  dateDebut: '2026-03-01',
  dateFin: '2026-03-31',
  soldeOuvertureCents: 1_000_000,
  soldeClotureCents: 1_123_456,
  nbEcritures: 3,
  nbRapprochees: 1,
  nbATraiter: 2,
  nomFichier: 'releve-mars.xml',
  dateImport: '2026-04-01T08:00:00.000Z',
};

export const flux = (overrides: Partial<BankMatchFlux> = {}): BankMatchFlux => ({
  ID_FluxFinancier: 501,
  numeroFacture: '2026-FFME-501',
  NomFluxFinancier: 'Licences mars',
  ID_Structure: 10,
  NomStructure: 'Club alpin de Lyon',
  montantCents: 123_456,
  resteDuCents: 123_456,
  dateCreation: '2026-03-02',
  ...overrides,
});

export const creditToProcess = (overrides: Partial<BankEntryView> = {}): BankEntryView => ({
  id: 41,
  reference: 'E1',
  dateComptable: '2026-03-10',
  dateValeur: '2026-03-10',
  sens: 'credit',
  montantCents: 123_456,
  libelle: 'VIR SEPA RECU',
  infosRemise: ['FACTURE 2026-FFME-501'],
  nomDebiteur: 'CLUB ALPIN LYON',
  ibanDebiteur: 'FR7630006000011234567890189',
  etat: 'a_traiter',
  payeur: null,
  propositions: [
    {
      flux: [flux()],
      resteDuCents: 123_456,
      score: 100,
      confiance: 'sure',
      raisons: ['facture', 'montant'],
      autreStructure: false,
      debitRejets: null,
    },
    {
      flux: [flux({ ID_FluxFinancier: 502, numeroFacture: '2026-FFME-502', resteDuCents: 200_000 })],
      resteDuCents: 200_000,
      score: 40,
      confiance: 'possible',
      raisons: ['montant_different'],
      autreStructure: false,
      debitRejets: null,
    },
  ],
  rapprochement: null,
  ...overrides,
});

export const reconciledCredit = (overrides: Partial<BankEntryView> = {}): BankEntryView => ({
  ...creditToProcess(),
  etat: 'rapprochee',
  propositions: [],
  rapprochement: {
    id: 3,
    date: '2026-04-02T09:00:00.000Z',
    utilisateur: 'Siège Démo',
    parts: [{ flux: flux({ resteDuCents: 0 }), montantCents: 123_456, regle: true }],
  },
  ...overrides,
});

export const entryPage = (ecritures: BankEntryView[], total = ecritures.length): BankEntryPage => ({
  releve: statement,
  ecritures,
  total,
});

/**
 * R-BANK-09, R-BANK-10: the transfer of 142,80 € from ASPTT LYON MONTAGNE (its IBAN,
 * 'LICENCE VINCENT'): the club identified, Vincent's licence first and sure, the other club's
 * licence of the same amount after it, possible.
 */
export const creditWithPayer = (overrides: Partial<BankEntryView> = {}): BankEntryView => {
  const vincent = flux({
    ID_FluxFinancier: 49758,
    numeroFacture: '2027-FFME-49758',
    NomFluxFinancier: 'Licence adulte 2027 - Vincent Narcisse',
    ID_Structure: 110,
    NomStructure: 'ASPTT Lyon montagne',
    montantCents: 14_280,
    resteDuCents: 14_280,
  });
  const gautier = flux({
    ID_FluxFinancier: 49001,
    numeroFacture: '2027-FFME-49001',
    NomFluxFinancier: 'Licence jeune 2027 - Gautier Adèle',
    ID_Structure: 120,
    NomStructure: 'ASPTT Gautier-sur-Seine',
    montantCents: 14_280,
    resteDuCents: 14_280,
  });
  return creditToProcess({
    montantCents: 14_280,
    infosRemise: ['LICENCE VINCENT'],
    nomDebiteur: 'ASPTT LYON MONTAGNE',
    payeur: { ID_Structure: 110, NomStructure: 'ASPTT Lyon montagne', sources: ['iban', 'nom', 'reference'] },
    propositions: [
      {
        flux: [vincent],
        resteDuCents: 14_280,
        score: 90,
        confiance: 'sure',
        raisons: ['payeur', 'licencie', 'montant'],
        autreStructure: false,
        debitRejets: null,
      },
      {
        flux: [gautier],
        resteDuCents: 14_280,
        score: 40,
        confiance: 'possible',
        raisons: ['montant', 'autre_structure'],
        autreStructure: true,
        debitRejets: null,
      },
    ],
    ...overrides,
  });
};
