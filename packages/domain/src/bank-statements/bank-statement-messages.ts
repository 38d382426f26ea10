import { formatIsoDay } from '../documents/document-format';
import { formatEuros, type Cents } from '../money/money';
import { BANK_FILE_FIRST_YEAR, BANK_FILE_LAST_YEAR } from './bank-file-checks';

/** The French texts of bank-statement import and reconciliation that the server sends (R-BANK-01 to R-BANK-08). */
export const BANK_STATEMENT_TEXT = {
  noWriteGrant: 'Vous n’avez pas le droit d’importer des relevés bancaires ni de les rapprocher.',
  notHeadOffice: 'Les relevés bancaires sont ceux du siège : choisissez le siège comme structure courante.',
  notOwnAccount: (account: string) =>
    `Le relevé porte sur le compte ${account}, qui n’est pas un compte du siège (RIB du siège ou compte créancier SEPA) : import refusé.`,
  unreadableAccount: 'Le compte du relevé est illisible : import refusé.',
  notEuro: (currency: string) => `Le relevé est en ${currency} : seuls les relevés en euros sont acceptés.`,
  balancesDisagree: (statementId: string) =>
    `Le relevé ${statementId} est incohérent : ancien solde + mouvements ≠ nouveau solde. Le fichier est peut-être tronqué.`,
  empty: 'Le fichier ne contient aucun relevé.',
  /** R-BANK-08: what a refusal says of a date, e.g. "date de valeur « 9999-12-31 » hors des années…". */
  dateOutOfRange: (value: string) => `« ${value} » hors des années ${BANK_FILE_FIRST_YEAR} à ${BANK_FILE_LAST_YEAR}`,
  /** R-BANK-08: what a refusal says of a NUL or control character, `where` naming its place. */
  controlCharacter: (code: number, where: string) =>
    `caractère de contrôle (code ${code}${code === 0 ? ', NUL' : ''}) ${where}, interdit dans un fichier bancaire`,
  datedAfterToday: (statementId: string, day: string) =>
    `Le relevé ${statementId} est daté du ${formatIsoDay(day)}, après aujourd’hui : un relevé ne porte que sur des jours passés, import refusé.`,
  statementNotFound: 'Relevé introuvable.',
  entryNotFound: 'Écriture bancaire introuvable.',
  notACredit: 'Seuls les crédits (encaissements) se rapprochent de flux.',
  notBooked: 'Cette écriture n’est pas comptabilisée par la banque (en attente ou pour information).',
  alreadyMatched: 'Cette écriture est déjà rapprochée : annulez d’abord le rapprochement.',
  notMatched: 'Cette écriture n’est pas rapprochée.',
  noAllocation: 'Choisissez au moins un flux.',
  duplicateFlux: 'Un même flux est choisi deux fois.',
  badAmount: 'Chaque montant doit être un nombre positif de centimes.',
  fluxNotOpen: (fluxId: number) =>
    `Le flux ${fluxId} n’est pas un flux à régler de votre périmètre (déjà réglé, relancé ou inconnu).`,
  overFluxDue: (fluxId: number, due: Cents) => `Le flux ${fluxId} ne doit plus que ${formatEuros(due)}.`,
  overEntry: (total: Cents, entry: Cents) =>
    `Les montants choisis (${formatEuros(total)}) dépassent le crédit (${formatEuros(entry)}).`,
  /** R-BANK-10: the same words as the screen's question, then what to do. */
  otherStructure: (payer: string, structure: string) =>
    `Le payeur identifié est ${payer} ; ce flux appartient à ${structure}. Confirmez explicitement le rapprochement avec une autre structure que le payeur (autreStructureConfirmee).`,
  fluxChangedSince: (fluxId: number) =>
    `Le flux ${fluxId} a été modifié depuis ce rapprochement (relancé ou réglé autrement) : annulation impossible.`,
} as const;
