import { customType, integer, numeric, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Money is numeric(12,2) (R-DATA-01); drizzle returns it as a string. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
export const createdAt = () => timestamp('Z_DateCreation', { withTimezone: true }).notNull().defaultNow();
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
/** A required reference to another table's integer key (`target`: that key, read lazily). */
export const requiredRef = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target);

/** Raw bytes (file contents, SHA-256 digests). */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
