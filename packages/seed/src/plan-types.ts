import type { StructureTypeId } from '@gdf/domain';
import type { DemoStructure } from './demo-accounts';
import type { Department } from './territories';

/** The shapes of the in-memory plan that every writer reads, and the seed's two scales. */
export type SeedScale = 'full' | 'small';

export const SCALES = {
  full: { ligues: 13, comites: 96, clubs: 1000, others: { 2: 12, 3: 10, 6: 8 }, users: 100_000 },
  small: { ligues: 3, comites: 5, clubs: 20, others: { 2: 1, 3: 1, 6: 1 }, users: 500 },
} as const;

/** valid: IBAN, BIC and a signed mandate; the others are the edge cases SEPA must handle. */
type RibState = 'valid' | 'no_bic' | 'no_mandate' | 'expired' | 'none';

export interface PlannedStructure {
  index: number;
  id: number;
  type: StructureTypeId;
  name: string;
  code: string;
  departmentId: number | null;
  department: Department | null;
  addressId: number;
  street: string;
  postcode: string;
  city: string;
  email: string;
  phone: string;
  siren: string | null;
  blocked: boolean;
  /** Affiliated on seasons first..last; null: never affiliated. */
  affiliation: { first: number; last: number } | null;
  rib: RibState;
  /** Relative number of licensees (0: no members of its own). */
  weight: number;
  createdDay: number;
  /** Set by the users plan. */
  correspondentId: number;
}

export interface PlannedDepartment {
  id: number;
  department: Department;
  ligueId: number;
  comiteId: number;
}

export interface StructurePlan {
  all: PlannedStructure[];
  departments: PlannedDepartment[];
  demo: Record<DemoStructure, PlannedStructure>;
}
