/** Role slugs (R-PERM-04). */
export const RoleSlug = {
  SuperAdministrateur: 'super_administrateur',
  AdministrateurSI: 'administrateur_si',
  AdministrateurAT: 'administrateur_at',
  Administrateur: 'administrateur',
} as const;
export type RoleSlugValue = (typeof RoleSlug)[keyof typeof RoleSlug];

export const ROLE_NAMES: Record<RoleSlugValue, string> = {
  super_administrateur: 'Super administrateur',
  administrateur_si: 'Administrateur SI',
  administrateur_at: 'Administrateur AT',
  administrateur: 'Administrateur',
};
