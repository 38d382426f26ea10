/**
 * The balance rule (R-BAL-01, R-BAL-02; packages/domain/src/receivables/reste-du.ts) as SQL
 * expressions over one flux row, for sums over many flux that must not be read into the
 * process (the flux search's summary). The domain function is the rule;
 * test/integration/receivables/reste-du-sql.test.ts holds this SQL equal to it on random
 * histories. Only today's figures: a flux created after today owes nothing yet.
 */

/** The start of tomorrow in Paris, as PostgreSQL computes it. */
const TOMORROW = `((date_trunc('day', now() AT TIME ZONE 'Europe/Paris') + interval '1 day') AT TIME ZONE 'Europe/Paris')`;

/** Σ of the confirmed parts (reconciliations not undone) given to flux `x`, in euros. */
const paid = (x: string) => `coalesce((SELECT sum(rf."Montant") FROM "BQE_RapprochementFlux" rf
    JOIN "BQE_Rapprochement" ra ON ra.id = rf."ID_Rapprochement" AND ra."DateAnnulation" IS NULL
   WHERE rf."ID_FluxFinancier" = ${x}.id), 0)`;

/**
 * Owed by flux `x` before any avoir: 0 once settled, or relaunched and its replacement (dated a
 * month on) exists, or not yet created; else its amount less its parts.
 */
const open = (x: string) => `(CASE WHEN ${x}."EST_Reglement"
    OR (${x}."ID_FluxFinancierRelance" IS NOT NULL AND (SELECT rl."Z_DateCreation" FROM "MKP_FluxFinancier" rl
          WHERE rl.id = ${x}."ID_FluxFinancierRelance") < ${TOMORROW})
    OR ${x}."Z_DateCreation" >= ${TOMORROW} THEN 0
  ELSE GREATEST(0, ${x}."MontantTTC" - ${paid(x)}) END)`;

/** The open avoirs of the same structure naming debit `d` (alias `a`), allocated in (creation, id) order. */
const avoirsOf = (d: string, a: string, before?: string) => `SELECT ${open(a)} AS amount FROM "MKP_FluxFinancier" ${a}
   WHERE ${a}."ID_FluxFinancierDebit" = ${d}.id AND NOT ${a}."EST_Debit" AND ${a}."ID_Structure" = ${d}."ID_Structure"
     ${before ? `AND (${a}."Z_DateCreation", ${a}.id) < (${before}."Z_DateCreation", ${before}.id)` : ''}`;

/**
 * R-BAL-01: the signed reste dû of flux `f` today (+ owed by the structure, − owed to it), in
 * euros. A debit: open, less the avoirs allocated to it; an avoir naming an open debit of its
 * structure: what that debit could not absorb after the earlier avoirs (R-BAL-02).
 */
export function resteDuSql(f: string): string {
  const debit = `(SELECT d.* FROM "MKP_FluxFinancier" d WHERE d.id = ${f}."ID_FluxFinancierDebit"
      AND d."EST_Debit" AND d."ID_Structure" = ${f}."ID_Structure")`;
  return `(CASE
    WHEN ${open(f)} = 0 THEN 0
    WHEN ${f}."EST_Debit" THEN ${open(f)} - LEAST(${open(f)}, coalesce((SELECT sum(amount) FROM (${avoirsOf(f, 'a')}) x), 0))
    WHEN ${f}."ID_FluxFinancierDebit" IS NULL THEN -${open(f)}
    ELSE -(${open(f)} - coalesce((SELECT LEAST(${open(f)}, GREATEST(0, ${open('d')}
        - coalesce((SELECT sum(amount) FROM (${avoirsOf('d', 'a', f)}) x), 0))) FROM ${debit} d), 0))
  END)`;
}

/** R-BAL-03 'Total réglé': what settled debit `f` today (all of it once settled, else its parts), in euros. */
export function settledAmountSql(f: string): string {
  return `(CASE WHEN NOT ${f}."EST_Debit" OR ${f}."Z_DateCreation" >= ${TOMORROW} THEN 0
    WHEN ${f}."EST_Reglement" THEN ${f}."MontantTTC"
    ELSE LEAST(${f}."MontantTTC", ${paid(f)}) END)`;
}
