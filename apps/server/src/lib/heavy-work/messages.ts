/** What a refused heavy request says (R-OPS-09), in French. */
export const HEAVY_WORK_MESSAGES = {
  userQueueFull: (count: number) =>
    `Vous avez déjà ${count} documents en préparation : attendez qu’ils soient prêts avant d’en demander d’autres.`,
  waitTooLong: (seconds: number) =>
    `Le serveur prépare beaucoup de documents en ce moment : votre demande a attendu ${seconds} s sans pouvoir commencer. Réessayez dans quelques instants.`,
} as const;
