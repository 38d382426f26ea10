import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * The limits every server process shares when REDIS_URL is unset (ADR 0049): the places of a
 * bounded pool (document packs, a user's heavy GraphQL queries), each held by one holder
 * until it releases it or its lease runs out (ExpireLe, renewed while it works), so a
 * process that dies gives its places back by itself. Jeton names one holding: a late
 * release never frees the place the same holder took again since.
 */
export const LIM_Place = pgTable(
  'LIM_Place',
  {
    Groupe: text('Groupe').notNull(),
    Detenteur: text('Detenteur').notNull(),
    Jeton: text('Jeton').notNull(),
    ExpireLe: timestamptz('ExpireLe').notNull(),
  },
  (t) => [primaryKey({ columns: [t.Groupe, t.Detenteur] })],
);

/**
 * The login throttle (R-SEC-06) per account: consecutive failures, the lock they set, and when
 * they are forgotten. Cle is the e-mail the login was asked for.
 */
export const LIM_ConnexionCompte = pgTable('LIM_ConnexionCompte', {
  Cle: text('Cle').primaryKey(),
  Echecs: integer('Echecs').notNull(),
  BloqueJusqua: timestamptz('BloqueJusqua').notNull(),
  OublieLe: timestamptz('OublieLe').notNull(),
});

/** The login throttle (R-SEC-06) per address and 15-minute window: failures until ExpireLe. */
export const LIM_ConnexionAdresse = pgTable('LIM_ConnexionAdresse', {
  Cle: text('Cle').primaryKey(),
  Echecs: integer('Echecs').notNull(),
  ExpireLe: timestamptz('ExpireLe').notNull(),
});
