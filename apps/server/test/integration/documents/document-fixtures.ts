import type { Database } from '../../../src/db/database';

/** Flux inserted by the tests, so each rule is exercised on a flux of exactly the right kind. */
export interface FluxFixture {
  name: string;
  categoryId: number;
  isDebit?: boolean;
  structureId: number;
  seasonId: number;
  /** Decimal string, e.g. '1234.50'. */
  amount: string;
  createdAt?: string;
  dueDate?: string | null;
  lines?: Array<{ label: string; unitPrice: string; quantity: number }>;
}

export async function insertFlux(database: Database, fixture: FluxFixture): Promise<number> {
  const isDebit = fixture.isDebit ?? true;
  const [row] = await database.query<{ id: number }>(
    `INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "Z_DateCreation", "MontantHT", "MontantTVA", "MontantTTC",
       "EST_Debit", "ID_CategoryFlux", "ID_Saison", "ID_Structure", "DateEcheance")
     VALUES ($1, $2, $3, 0, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      fixture.name,
      fixture.createdAt ?? '2024-03-01T09:30:00Z',
      fixture.amount,
      isDebit,
      fixture.categoryId,
      fixture.seasonId,
      fixture.structureId,
      fixture.dueDate === undefined ? '2024-03-31' : fixture.dueDate,
    ],
  );
  const id = row!.id;
  for (const line of fixture.lines ?? []) {
    const amount = (Number(line.unitPrice) * line.quantity).toFixed(2);
    await database.query(
      `INSERT INTO "MKP_FluxFinancierDetail" ("ID_FluxFinancier", "NomFluxFinancierDetail", "PrixUnitaire", "Quantite",
         "MontantHT", "MontantTTC", "EST_Debit") VALUES ($1, $2, $3, $4, $5, $5, $6)`,
      [id, line.label, line.unitPrice, line.quantity, amount, isDebit],
    );
  }
  return id;
}

/** The structure a demo account administers (its first membership). */
export async function structureOf(database: Database, email: string): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `SELECT su."ID_Structure" AS id FROM "UTI_Login" l
     JOIN "STR_StructureUtilisateur" su ON su."ID_Utilisateur" = l."ID_Utilisateur"
     WHERE l."Email" = $1 ORDER BY su.id LIMIT 1`,
    [email],
  );
  if (!row) throw new Error(`no structure for ${email}`);
  return row.id;
}

export async function oneId(database: Database, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await database.query<{ id: number }>(sql, params);
  if (!row) throw new Error(`no row for: ${sql}`);
  return row.id;
}

/**
 * Everything a document's parties are read from changes: the club and the head office are
 * renamed and moved, the head office gets a new RIB and the club another correspondent.
 * Returns the club's new name.
 */
export async function changeParties(database: Database, clubStructureId: number, tag: string): Promise<string> {
  const headOffice = 1318;
  const clubName = `Club renommé ${tag}`;
  await database.query(`UPDATE "STR_Structure" SET "NomStructure" = $2 WHERE id = $1`, [clubStructureId, clubName]);
  await database.query(`UPDATE "STR_Structure" SET "NomStructure" = $2 WHERE id = $1`, [
    headOffice,
    `Siège renommé ${tag}`,
  ]);
  for (const structureId of [clubStructureId, headOffice]) {
    await database.query(
      `UPDATE "ADR_Adresse" SET "Adresse1" = $2, "Ville" = 'Ailleurs'
        WHERE id = (SELECT "ID_Adresse" FROM "STR_Structure" WHERE id = $1)`,
      [structureId, `99 rue ${tag}`],
    );
  }
  await database.query(
    `INSERT INTO "STR_StructureRib" ("ID_Structure", "IBAN", "BIC", "Titulaire", "EST_Valide")
     VALUES ($1, 'FR7610107001011234567890129', 'BREDFRPP', 'Fédération', true)`,
    [headOffice],
  );
  const otherUser = await oneId(
    database,
    `SELECT id FROM "UTI_Utilisateur" WHERE id IS DISTINCT FROM (SELECT "ID_Correspondant" FROM "STR_Structure" WHERE id = $1)
      AND "CT_Nom" IS NOT NULL ORDER BY id DESC LIMIT 1`,
    [clubStructureId],
  );
  await database.query(`UPDATE "STR_Structure" SET "ID_Correspondant" = $2 WHERE id = $1`, [
    clubStructureId,
    otherUser,
  ]);
  return clubName;
}
