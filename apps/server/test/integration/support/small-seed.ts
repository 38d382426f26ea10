import type { Database } from '../../../src/db/database';
import { seedDemoData } from '@gdf/seed';

/** A fixed "today" so seeded data (and so assertions) never depend on the clock. */
export const TEST_TODAY = new Date('2026-11-21T10:00:00Z');

/** The demo data every integration suite starts from: 1,500 flux, small scale, TEST_TODAY. */
export async function seedSmallData(database: Database): Promise<void> {
  await seedDemoData(database, { flux: 1_500, scale: 'small', today: TEST_TODAY });
}
