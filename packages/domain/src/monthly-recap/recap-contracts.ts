/**
 * The 'Récapitulatif mensuel' REST contract (R-RECAP-04, R-RECAP-07): the list of a structure's
 * recaps with its e-mail opt-in, issuing one on demand, and changing the opt-in.
 */
import { z } from 'zod';
import { recapMonthSchema } from './recap-month';

/** POST /api/structures/:id/recapitulatifs. */
export const recapIssueRequestSchema = z.object({ mois: recapMonthSchema }).strict();
export type RecapIssueRequest = z.infer<typeof recapIssueRequestSchema>;

/** PUT /api/structures/:id/recapitulatifs/abonnement. */
export const recapSubscriptionRequestSchema = z
  .object({ abonnementEmail: z.boolean({ message: 'abonnementEmail : vrai ou faux attendu.' }) })
  .strict();
export type RecapSubscriptionRequest = z.infer<typeof recapSubscriptionRequestSchema>;

/** POST /api/recapitulatifs/lots: the head office starts a month's recaps of every structure (R-RECAP-05). */
export const RECAP_BATCH_URL = '/api/recapitulatifs/lots';

/** One issued recap as the list shows it. */
export interface RecapSummary {
  id: number;
  numero: string;
  mois: string;
  /** ISO instant. */
  emisLe: string;
  /** When its e-mail was sent (R-RECAP-07), ISO, or null. */
  envoyeLe: string | null;
}

export interface RecapListAnswer {
  abonnementEmail: boolean;
  emailFacturation: string | null;
  recapitulatifs: RecapSummary[];
}

export interface RecapIssueAnswer {
  id: number;
  numero: string;
  mois: string;
}
