import { customType, integer, numeric, smallint, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Money is numeric(12,2) (R-DATA-01); drizzle returns it as a string. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
/** A point in time, stored with its time zone (every timestamp of the schema). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => timestamptz('Z_DateCreation').notNull().defaultNow();
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
/** A line's position within its document or entry, from 1. */
export const lineRank = () => smallint('Rang').notNull();
/** A required reference to another table's integer key (`target`: that key, read lazily). */
export const requiredRef = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target);

/** Raw bytes (file contents, SHA-256 digests). */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
