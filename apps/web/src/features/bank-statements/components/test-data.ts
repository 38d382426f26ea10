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
  propositions: [
    { flux: [flux()], resteDuCents: 123_456, score: 100, confiance: 'sure', raisons: ['facture', 'montant'] },
    {
      flux: [flux({ ID_FluxFinancier: 502, numeroFacture: '2026-FFME-502', resteDuCents: 200_000 })],
      resteDuCents: 200_000,
      score: 40,
      confiance: 'possible',
      raisons: ['montant_different'],
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
