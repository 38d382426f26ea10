import type { Rng } from './random';
// The application's own scrypt hashing: one implementation, one format.
import { hashPassword } from '@gdf/server/seed-api';

/**
 * The demo accounts' shared hash. The salt comes from the seeded generator so the rows
 * stay reproducible; scrypt runs once per seed (it is slow on purpose).
 */
export function demoPasswordHash(password: string, rng: Rng): Promise<string> {
  const salt = Buffer.from(Array.from({ length: 16 }, () => rng.int(0, 255)));
  return hashPassword(password, salt);
}
