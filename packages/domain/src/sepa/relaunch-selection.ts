import { z } from 'zod';

/**
 * R-RET-06: 'Relancer la sélection' relaunches the rejected flux of a return import in one
 * go (R-FLUX-05 to R-FLUX-07 for each: a new debit a month later, the original marked
 * relaunched). At most as many flux as a batch holds.
 */
export const RELAUNCH_SELECTION_MAX = 5000;

export const relaunchSelectionRequestSchema = z
  .object({
    ids: z
      .array(z.number().int().positive().max(2_147_483_647))
      .min(1, 'Aucun flux à relancer.')
      .max(RELAUNCH_SELECTION_MAX, `${RELAUNCH_SELECTION_MAX} flux au plus par relance.`),
  })
  .strict();

export type RelaunchSelectionRequest = z.infer<typeof relaunchSelectionRequestSchema>;

/** An original flux and the debit that relaunches it. */
export interface RelaunchedPair {
  ID_FluxFinancier: number;
  ID_FluxFinancierRelance: number;
}

/** POST /api/exports/sepa/retours/relance. */
export interface RelaunchSelectionResult {
  /** Relaunched by this call. */
  relances: RelaunchedPair[];
  /** Relaunched before (an earlier call, or someone else): nothing new for them. */
  dejaRelances: RelaunchedPair[];
}

/** A flux of the selection that cannot be relaunched: the whole selection is refused. */
export interface RelaunchSelectionRefusal {
  ID_FluxFinancier: number;
  motif: string;
}
