import { z } from 'zod';
import type { FluxDocumentKind } from './document-rules';

/** GET /api/flux/{id}/facture.pdf and /releve.pdf (R-API-06). */
export function fluxDocumentPath(kind: FluxDocumentKind, fluxId: number): string {
  return `/api/flux/${fluxId}/${kind}.pdf`;
}

/** GET /api/flux/{id}/facture.xml: the Factur-X XML issued inside the facture (R-FACT-15). */
export function facturXPath(fluxId: number): string {
  return `/api/flux/${fluxId}/facture.xml`;
}

export const fluxDocumentParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Identifiant de flux invalide')
    .transform(Number),
});

/**
 * `download=1` asks for an attachment (else inline); `structureId` picks the current
 * structure. No token in the query: the bearer header only.
 */
export const fluxDocumentQuerySchema = z.object({
  download: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  structureId: z.string().optional(),
});
