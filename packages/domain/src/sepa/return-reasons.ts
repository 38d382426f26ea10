/**
 * Reason codes of SEPA direct-debit R-transactions (rejects, returns, refunds, refusals):
 * the ISO 20022 ExternalStatusReason1Code / ExternalReturnReason1Code values that the EPC
 * "Guidance on reason codes for SDD R-transactions" (EPC173-14) allows for SDD Core and
 * B2B, with the French label shown to the user.
 */
export const SEPA_RETURN_REASONS = {
  AC01: 'IBAN incorrect',
  AC04: 'Compte clos',
  AC06: 'Compte bloqué',
  AC13: 'Type de compte du débiteur invalide',
  AG01: 'Transaction interdite sur ce compte',
  AG02: 'Code opération bancaire invalide',
  AM04: 'Provision insuffisante',
  AM05: 'Opération en double',
  BE05: 'Créancier non reconnu',
  CNOR: 'Banque du créancier non joignable',
  DNOR: 'Banque du débiteur non joignable',
  ED05: 'Échec du règlement',
  FF01: 'Format de fichier invalide',
  MD01: 'Pas de mandat',
  MD02: 'Données du mandat manquantes ou incorrectes',
  MD06: 'Remboursement demandé par le débiteur',
  MD07: 'Débiteur décédé',
  MS02: 'Refus du débiteur',
  MS03: 'Raison non précisée par la banque',
  RC01: 'BIC incorrect',
  RR01: 'Raison réglementaire : compte ou identification du débiteur manquant',
  RR02: 'Raison réglementaire : nom ou adresse du débiteur manquant',
  RR03: 'Raison réglementaire : nom ou adresse du créancier manquant',
  RR04: 'Raison réglementaire',
  SL01: 'Service spécifique de la banque du débiteur',
  SL11: 'Créancier absent de la liste blanche du débiteur',
  SL12: 'Créancier inscrit sur la liste noire du débiteur',
  SL13: 'Nombre maximal de prélèvements dépassé',
  SL14: 'Montant maximal de prélèvement dépassé',
  TM01: 'Reçu après l’heure limite',
} as const satisfies Record<string, string>;

export type SepaReturnReasonCode = keyof typeof SEPA_RETURN_REASONS;

/** ISO 20022 codes are four upper-case letters or digits (Max4Text in ExternalCodeSets). */
const REASON_CODE_SHAPE = /^[A-Z0-9]{4}$/;

export function isSepaReturnReasonCode(code: string): code is SepaReturnReasonCode {
  return Object.hasOwn(SEPA_RETURN_REASONS, code);
}

/** Whether `code` can be stored: a known code or any other well-formed ISO external code. */
export function isWellFormedReasonCode(code: string): boolean {
  return REASON_CODE_SHAPE.test(code);
}

/**
 * The French label of a reason code. Banks may send ISO codes outside the EPC subset (the
 * external code list grows every quarter): they are shown with their code rather than lost.
 */
export function sepaReturnReasonLabel(code: string | null | undefined): string {
  if (!code) return 'Motif non communiqué par la banque';
  return isSepaReturnReasonCode(code) ? SEPA_RETURN_REASONS[code] : `Motif ${code} (code ISO 20022 non répertorié)`;
}
