/** What the server refuses of a statistics request once it reads the data (R-STAT-01, R-STAT-02). */
export const STATISTICS_SERVER_MESSAGES = {
  unknownSeason: (season: number) => `Aucune donnée pour la saison ${season - 1}-${season}.`,
  unknownCategory: (id: number) => `Catégorie de flux ${id} inconnue.`,
  notLigue: (id: number) => `La structure ${id} n’est pas une ligue régionale.`,
  notComite: (id: number) => `La structure ${id} n’est pas un comité départemental.`,
  notReading: 'Les états statistiques sont réservés au siège, aux ligues et aux comités.',
} as const;
