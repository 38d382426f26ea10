import { z } from 'zod';
import type { RoleSlugValue } from './roles';
import type { StructureTypeId } from '../structures/structure-types';

/** POST /api/auth/login body. */
export const loginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().email('Adresse e-mail invalide').max(254),
  password: z.string().min(1, 'Mot de passe obligatoire').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export interface LoginResponse {
  token: string;
  expiresAt: string;
}

export interface Membership {
  structureId: number;
  structureName: string;
  structureType: StructureTypeId;
  codeFederal: string | null;
  role: { slug: RoleSlugValue; name: string };
}

/**
 * GET /api/me response, per structure id: `permissions` lists the modules the user may
 * open, `grants` the write grants ('module:action', e.g. the relaunch) it holds there.
 */
export interface MeResponse {
  user: { id: number; firstName: string; lastName: string; email: string };
  isSuperAdmin: boolean;
  memberships: Membership[];
  permissions: Record<string, string[]>;
  grants: Record<string, string[]>;
}
