import { frenchCount } from '@gdf/domain';

/** French text of 'Récapitulatif mensuel'. */
export const monthlyRecapMessages = {
  loading: 'Chargement des récapitulatifs…',
  loadError: 'Les récapitulatifs n’ont pas pu être chargés.',
  intro:
    'Chaque mois, un récapitulatif figé et numéroté : facturé, réglé, rejeté et relancé, avoirs, reste dû en fin de mois et son ancienneté, par catégorie, comparés au même mois de la saison précédente.',

  listTitle: 'Récapitulatifs émis',
  listLabel: 'Récapitulatifs mensuels émis',
  empty: 'Aucun récapitulatif émis pour le moment.',
  columns: { month: 'Mois', number: 'Numéro', issued: 'Émis le', sent: 'Envoyé le', files: 'Fichiers' },
  notSent: 'Non envoyé',
  pdf: 'PDF',
  xlsx: 'xlsx',
  download: (format: string, month: string) => `Télécharger le récapitulatif de ${month} (${format})`,
  downloadError: 'Le récapitulatif n’a pas pu être téléchargé.',

  issueTitle: 'Émettre le récapitulatif',
  issueMonth: 'Mois',
  issueButton: 'Émettre le récapitulatif',
  issuePending: 'Émission…',
  issueConfirmTitle: (month: string) => `Émettre le récapitulatif de ${month} ?`,
  issueConfirmText:
    'Le récapitulatif sera figé et numéroté : il ne changera plus. S’il a déjà été émis, le même vous sera rendu.',
  issueCancel: 'Annuler',
  issueConfirm: 'Émettre',
  issued: (numero: string, month: string) => `Récapitulatif n° ${numero} de ${month} émis.`,
  issueError: 'Le récapitulatif n’a pas pu être émis.',

  emailSwitch: 'Recevoir le récapitulatif par e-mail',
  emailLabel: 'E-mail de facturation',
  emailNone: 'Aucun e-mail de facturation : renseignez-le sur la page de la structure pour recevoir le récapitulatif.',
  emailReadOnly: 'Vous n’avez pas le droit de modifier l’envoi par e-mail.',
  emailError: 'Le choix d’envoi par e-mail n’a pas pu être enregistré.',

  summaryTitle: 'Récapitulatifs mensuels',
  summaryMore: 'Tous les récapitulatifs mensuels',
  summaryCount: (count: number) => frenchCount(count, 'récapitulatif émis', 'récapitulatifs émis'),
} as const;
