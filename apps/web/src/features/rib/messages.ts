/** French text of the head office's RIB page (R-PERM-11, 'RIB' card). */
export const ribMessages = {
  loading: 'Chargement des RIB du siège…',
  empty: 'Aucun RIB n’est enregistré pour le siège fédéral.',
  tableLabel: 'RIB du siège fédéral',
  holder: 'Titulaire',
  bank: 'Banque',
  iban: 'IBAN',
  bic: 'BIC',
  mandate: 'Mandat (RUM)',
  validity: 'Validité',
  valid: 'Valide',
  invalidIban: 'IBAN invalide',
  inactive: 'Inactif',
  masked: 'IBAN masqué : seuls les 4 derniers caractères sont visibles pour votre rôle.',
  none: '—',
} as const;
