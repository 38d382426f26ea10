import { RoleSlug, type RoleSlugValue } from '@gdf/domain';

/** Password of every demo account (documented in the README; demo data only). */
export const DEMO_PASSWORD = 'demo1234';

/** Which seeded structure an account administers. */
export type DemoStructure = 'siege' | 'ligue' | 'comite' | 'club' | 'club_bloque' | 'club_non_affilie';

export interface DemoAccount {
  email: string;
  role: RoleSlugValue;
  structure: DemoStructure;
  /** French, for the start script and the README. */
  description: string;
  firstName: string;
  lastName: string;
}

/** One login per role and structure type; their users get ids 1..7 in this order. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'super.admin@demo.fr',
    role: RoleSlug.SuperAdministrateur,
    structure: 'siege',
    description: 'Super administrateur, membre du siège fédéral (structure 1318)',
    firstName: 'Super admin',
    lastName: 'Démo',
  },
  {
    email: 'siege@demo.fr',
    role: RoleSlug.AdministrateurSI,
    structure: 'siege',
    description: 'Administrateur SI du siège fédéral (1318) : toutes les structures de la fédération',
    firstName: 'Siège',
    lastName: 'Démo',
  },
  {
    email: 'ligue@demo.fr',
    role: RoleSlug.AdministrateurAT,
    structure: 'ligue',
    description: "Administrateur AT d'une ligue régionale",
    firstName: 'Ligue',
    lastName: 'Démo',
  },
  {
    email: 'comite@demo.fr',
    role: RoleSlug.AdministrateurAT,
    structure: 'comite',
    description: "Administrateur AT d'un comité départemental",
    firstName: 'Comité',
    lastName: 'Démo',
  },
  {
    email: 'club@demo.fr',
    role: RoleSlug.Administrateur,
    structure: 'club',
    description: "Administrateur d'un club affilié aux nombreux flux (dont prélèvements impayés)",
    firstName: 'Club',
    lastName: 'Démo',
  },
  {
    email: 'club.bloque@demo.fr',
    role: RoleSlug.Administrateur,
    structure: 'club_bloque',
    description: "Administrateur d'un club bloqué",
    firstName: 'Club bloqué',
    lastName: 'Démo',
  },
  {
    email: 'club.non.affilie@demo.fr',
    role: RoleSlug.Administrateur,
    structure: 'club_non_affilie',
    description: "Administrateur d'un club non affilié sur la saison en cours",
    firstName: 'Club non affilié',
    lastName: 'Démo',
  },
];

/** The id a demo account's user gets (1..7, in DEMO_ACCOUNTS' order). */
export function demoUserId(email: string): number {
  const index = DEMO_ACCOUNTS.findIndex((account) => account.email === email);
  if (index < 0) throw new Error(`Compte de démonstration inconnu : ${email}`);
  return index + 1;
}
