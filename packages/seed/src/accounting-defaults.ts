/**
 * Default Paramétrages comptables (R-LEDG-01): a subset of the French chart of accounts for
 * associations (PCG classes 1 to 7), and flux mappings for the two points of view.
 */
export const DEFAULT_COMPTES: ReadonlyArray<readonly [string, string]> = [
  ['102000', 'Fonds associatif sans droit de reprise'],
  ['110000', 'Report à nouveau'],
  ['120000', "Résultat de l'exercice"],
  ['164000', 'Emprunts auprès des établissements de crédit'],
  ['215400', 'Matériel sportif'],
  ['218300', 'Matériel de bureau et informatique'],
  ['281500', 'Amortissements des installations et matériel'],
  ['370000', 'Stocks de marchandises'],
  ['401000', 'Fournisseurs'],
  ['411000', 'Adhérents et structures affiliées'],
  ['421000', 'Personnel, rémunérations dues'],
  ['431000', 'Sécurité sociale'],
  ['445710', 'TVA collectée'],
  ['467000', 'Autres comptes débiteurs ou créditeurs'],
  ['486000', "Charges constatées d'avance"],
  ['512000', 'Banque'],
  ['530000', 'Caisse'],
  ['580000', 'Virements internes'],
  ['604000', 'Achats de prestations de services'],
  ['606300', "Fournitures d'entretien et petit équipement"],
  ['613200', 'Locations immobilières'],
  ['616000', "Primes d'assurance"],
  ['623000', 'Publicité, publications'],
  ['625100', 'Voyages et déplacements'],
  ['626000', 'Frais postaux et de télécommunications'],
  ['627000', 'Services bancaires'],
  ['628100', 'Cotisations fédérales (licences)'],
  ['628200', 'Affiliation fédérale'],
  ['641000', 'Rémunérations du personnel'],
  ['645000', 'Charges de sécurité sociale'],
  ['658000', 'Charges diverses de gestion courante'],
  ['681100', 'Dotations aux amortissements'],
  ['706000', 'Prestations de services'],
  ['706200', 'Assurances refacturées'],
  ['707000', 'Ventes de marchandises'],
  ['709000', 'Rabais, remises et ristournes accordés'],
  ['740000', "Subventions d'exploitation"],
  ['754000', 'Collectes et dons'],
  ['756100', 'Cotisations des licenciés'],
  ['756200', 'Cotisations des structures affiliées'],
  ['758000', 'Produits divers de gestion courante'],
  ['768000', 'Autres produits financiers'],
];

export const DEFAULT_TYPES_FACTURATION: ReadonlyArray<readonly [string, string]> = [
  ['LIC', 'Licence'],
  ['ASS', 'Assurance'],
  ['AFF', 'Affiliation'],
  ['FACT', 'Facture'],
  ['PREL', 'Prélèvement SEPA'],
  ['REMB', 'Remboursement'],
];

export const DEFAULT_SECTIONS: ReadonlyArray<readonly [string, string]> = [
  ['LIC', 'Licences'],
  ['ASS', 'Assurances'],
  ['AFF', 'Affiliations'],
  ['COMP', 'Compétitions'],
  ['FORM', 'Formation'],
  ['ADM', 'Administration générale'],
];

/** Category -> [account, analytic section]; categories 1 Licence ... 6 Remboursement. */
type CategoryMapping = readonly [category: number, account: string, section: string | null];

export const FEDERATION_DEFAULTS = {
  journal: 'VE',
  mappings: [
    [1, '756100', 'LIC'],
    [2, '706200', 'ASS'],
    [3, '756200', 'AFF'],
    [4, '706000', 'ADM'],
    [5, '706000', 'ADM'],
    [6, '709000', 'ADM'],
  ] as readonly CategoryMapping[],
  parametres: { CompteCollectif: '411000', TiersPrefixe: '411', TiersCompteFixe: null, TiersLibelleFixe: null },
};

export const MEMBER_DEFAULTS = {
  journal: 'AC',
  mappings: [
    [1, '628100', 'LIC'],
    [2, '616000', 'ASS'],
    [3, '628200', 'AFF'],
    [4, '604000', 'ADM'],
    [5, '604000', 'ADM'],
    [6, '628100', 'ADM'],
  ] as readonly CategoryMapping[],
  parametres: {
    CompteCollectif: '401000',
    TiersPrefixe: null,
    TiersCompteFixe: '401FFME',
    TiersLibelleFixe: 'Fédération (FFME)',
  },
};
