import type { SepaGenerated } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { bearer, buildRestApp, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { loginAs } from '../support/test-app';
import { collectionDate, elements, GENERATE_URL, generate, validateAgainstXsd } from './sepa-support';

/**
 * R-SEPA-05, the pre-flight gate: debtors that would make a bank reject the whole file are
 * left out with a French reason, the others are in a file valid against its XSD, and
 * nothing of the excluded is claimed.
 */
describe.each(testDatabaseTargets())('SEPA pre-flight gate on $name', (target) => {
  let context: RestContext;
  const date = collectionDate();
  const dayAfter = (day: string) => {
    const next = new Date(`${day}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return next.toISOString().slice(0, 10);
  };
  /** Structures of the federation with a valid RIB and mandate, one per awkward record. */
  let awkward: Record<'emojiTown' | 'blankHolder' | 'turkish' | 'lateMandate' | 'badRum', number>;
  let newBank: number;
  let sameBank: number;

  // Billed 20 days ago: past the 14 days of notice its invoice announced (R-SEPA-11).
  const addDueFlux = (structureId: number, label = 'Prélèvement test pré-contrôle') =>
    context.database.query<{ id: number }>(
      `INSERT INTO "MKP_FluxFinancier" ("NomFluxFinancier", "Z_DateCreation", "MontantHT", "MontantTTC", "EST_Debit", "ID_CategoryFlux", "ID_Saison", "ID_Structure")
       VALUES ($1, now() - interval '20 days', 21.5, 21.5, true, 5, (SELECT max(id) FROM "FEDE_Saison"), $2) RETURNING id`,
      [label, structureId],
    );
  const batchOfStructure = (structureId: number) =>
    context.database.query<{ id: number; batch: number | null }>(
      `SELECT id, "ID_Traitement" AS batch FROM "MKP_FluxFinancier"
        WHERE "ID_Structure" = $1 AND "ID_CategoryFlux" = 5 AND NOT "EST_Reglement" AND "ID_FluxFinancierRelance" IS NULL`,
      [structureId],
    );
  const generateJson = (payload: Record<string, unknown>, token = context.tokens.siege) =>
    context.app.inject({
      method: 'POST',
      url: GENERATE_URL,
      headers: bearer(token, { accept: 'application/json' }),
      payload,
    });

  beforeAll(async () => {
    context = await openRestContext(target);
    const valid = await context.database.query<{ id: number }>(
      `SELECT s.id FROM "STR_Structure" s JOIN "STR_StructureRib" r ON r."ID_Structure" = s.id
        WHERE s."ID_Federation" = 1318 AND r."EST_Valide" AND r."MandatRUM" IS NOT NULL
          AND (SELECT count(*) FROM "STR_StructureRib" x WHERE x."ID_Structure" = s.id) = 1
        ORDER BY s.id LIMIT 7`,
    );
    const [a, b, c, d, e, f, g] = valid.map((row) => row.id) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    expect(g).toBeDefined();
    awkward = { emojiTown: a, blankHolder: b, turkish: c, lateMandate: d, badRum: e };
    newBank = f;
    sameBank = g;
    const db = context.database;
    await db.query(
      `UPDATE "ADR_Adresse" SET "Ville" = '🏔️' WHERE id = (SELECT "ID_Adresse" FROM "STR_Structure" WHERE id = $1)`,
      [a],
    );
    await db.query(`UPDATE "STR_StructureRib" SET "Titulaire" = '   ' WHERE "ID_Structure" = $1`, [b]);
    await db.query(`UPDATE "STR_StructureRib" SET "IBAN" = 'TR330006100519786457841326' WHERE "ID_Structure" = $1`, [
      c,
    ]);
    await db.query(`UPDATE "STR_StructureRib" SET "MandatDateSignature" = $2 WHERE "ID_Structure" = $1`, [
      d,
      dayAfter(date),
    ]);
    await db.query(`UPDATE "STR_StructureRib" SET "MandatRUM" = '/RUM//13/' WHERE "ID_Structure" = $1`, [e]);
    for (const id of [a, b, c, d, e, f, g]) await addDueFlux(id);
  });
  afterAll(() => closeRestContext(context));

  it('excludes the awkward debtors with French reasons, writes a valid file of the others, claims nothing excluded', async () => {
    const preview = await context.app.inject({
      method: 'GET',
      url: `/api/exports/sepa/prelevements/preview?dateEcheance=${date}`,
      headers: bearer(context.tokens.siege),
    });
    const previewReasons = new Map(
      (preview.json().exclues as Array<{ ID_Structure: number; code: string }>).map((s) => [s.ID_Structure, s.code]),
    );

    const response = await generateJson({ dateEcheance: date, version: 'pain.008.001.08' });
    expect(response.statusCode, response.body).toBe(200);
    const generated = response.json() as SepaGenerated;
    await validateAgainstXsd(generated.xml, 'pain.008.001.08');
    const reasons = new Map(generated.exclues.map((s) => [s.ID_Structure, s]));
    expect(reasons.get(awkward.emojiTown)?.code).toBe('ville_vide');
    expect(reasons.get(awkward.blankHolder)?.code).toBe('nom_vide');
    expect(reasons.get(awkward.turkish)).toMatchObject({ code: 'iban_hors_sepa', motif: 'IBAN hors zone SEPA (TR)' });
    expect(reasons.get(awkward.lateMandate)?.code).toBe('mandat_posterieur');
    expect(reasons.get(awkward.badRum)?.motif).toContain('/RUM//13/');
    // The preview announced the same reasons the generation applied.
    for (const id of Object.values(awkward)) expect(previewReasons.get(id)).toBe(reasons.get(id)?.code);

    for (const id of Object.values(awkward)) {
      const rows = await batchOfStructure(id);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.batch === null)).toBe(true);
    }
    const inFile = new Set(elements(generated.xml, 'EndToEndId').map((e2e) => Number(e2e.split('-').at(-1))));
    expect(inFile.size).toBe(generated.nbFlux);
    for (const id of [newBank, sameBank]) {
      const rows = await batchOfStructure(id);
      expect(rows.every((row) => row.batch === generated.batchId && inFile.has(row.id))).toBe(true);
    }
    const [recorded] = await context.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MKP_PrelevementSepa" WHERE "ID_Traitement" = $1`,
      [generated.batchId],
    );
    expect(recorded?.n).toBe(generated.nbFlux);
    const [audit] = await context.database.query<{ details: { exclues: unknown[] } }>(
      `SELECT "Details" AS details FROM "APP_AuditLog" WHERE "Action" = 'export_sepa' AND "ID_Cible" = $1`,
      [generated.batchId],
    );
    expect(audit?.details.exclues).toHaveLength(generated.exclues.length);
  });

  it('writes the mandate amendment when the account changed since the last file (SMNDA on a new bank), valid in .08 and .02', async () => {
    // newBank moves to another bank; sameBank to another account of its bank (30006 in the seed? any: same code).
    const [before] = await context.database.query<{ iban: string }>(
      `SELECT "IBAN" AS iban FROM "STR_StructureRib" WHERE "ID_Structure" = $1`,
      [sameBank],
    );
    const sameBankIban = await ibanAtSameBank(before?.iban as string);
    const [oldNew] = await context.database.query<{ iban: string }>(
      `SELECT "IBAN" AS iban FROM "STR_StructureRib" WHERE "ID_Structure" = $1`,
      [newBank],
    );
    const otherBank = oldNew?.iban.replace(/\s/g, '').startsWith('DE')
      ? 'FR7630004000031234567890143'
      : 'DE89370400440532013000';
    await context.database.query(`UPDATE "STR_StructureRib" SET "IBAN" = $2 WHERE "ID_Structure" = $1`, [
      newBank,
      otherBank,
    ]);
    await context.database.query(`UPDATE "STR_StructureRib" SET "IBAN" = $2 WHERE "ID_Structure" = $1`, [
      sameBank,
      sameBankIban,
    ]);
    for (const version of ['pain.008.001.08', 'pain.008.001.02'] as const) {
      await addDueFlux(newBank);
      await addDueFlux(sameBank);
      const response = await generateJson({ dateEcheance: date, version });
      expect(response.statusCode, response.body).toBe(200);
      const { xml } = response.json() as SepaGenerated;
      await validateAgainstXsd(xml, version);
      const transactions = xml.split('<DrctDbtTxInf>').slice(1);
      const moved = transactions.find((t) => t.includes(`<IBAN>${otherBank}</IBAN>`)) as string;
      const sameBankTx = transactions.find((t) => t.includes(`<IBAN>${sameBankIban}</IBAN>`)) as string;
      if (version === 'pain.008.001.08') {
        expect(moved).toContain('<AmdmntInd>true</AmdmntInd>');
        expect(moved).toContain(
          `<OrgnlDbtrAcct><Id><IBAN>${oldNew?.iban.replace(/\s/g, '')}</IBAN></Id></OrgnlDbtrAcct>`,
        );
        expect(moved).toContain('<OrgnlDbtrAgt><FinInstnId><Othr><Id>SMNDA</Id></Othr></FinInstnId></OrgnlDbtrAgt>');
        expect(sameBankTx).toContain('<AmdmntInd>true</AmdmntInd>');
        expect(sameBankTx).not.toContain('SMNDA');
      } else {
        // Presented once under the new account: the next file has nothing to amend.
        expect(moved).not.toContain('AmdmntInd');
        expect(sameBankTx).not.toContain('AmdmntInd');
        // R-SEPA-03: structured addresses in .02 too (TwnNm and Ctry of their own, never AdrLine alone).
        for (const address of xml.match(/<PstlAdr>.*?<\/PstlAdr>/g) ?? []) {
          expect(address).toMatch(
            /<TwnNm>[^<]+<\/TwnNm><Ctry>[A-Z]{2}<\/Ctry>(<AdrLine>[^<]+<\/AdrLine>)?<\/PstlAdr>$/,
          );
        }
      }
    }
  });

  it('a file that still fails its checks is never stored and claims nothing (French message)', async () => {
    const app = await buildRestApp(context.database, { sepa: { creditorName: '🏦 ✨' } });
    try {
      const token = await loginAs(app, 'siege@demo.fr');
      await addDueFlux(newBank);
      const count = async () =>
        (
          await context.database.query<{ batches: number; contents: number; free: number }>(
            `SELECT (SELECT count(*)::int FROM "MKP_Traitement") AS batches,
                    (SELECT count(*)::int FROM "DOC_Contenu") AS contents,
                    (SELECT count(*)::int FROM "MKP_FluxFinancier" WHERE "ID_Traitement" IS NULL) AS free`,
          )
        )[0];
      const before = await count();
      const response = await generate(app, token, { dateEcheance: date });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toMatch(/aucun flux n’a été rattaché.*Nom du créancier vide/);
      expect(await count()).toEqual(before);
    } finally {
      await app.close();
    }
  });

  /** Another valid IBAN at the same bank and branch: a different account number, its RIB key recomputed. */
  async function ibanAtSameBank(iban: string): Promise<string> {
    const { composeIBAN, isValidIBAN } = await import('ibantools');
    const compact = iban.replace(/\s/g, '');
    const bban = compact.slice(4);
    for (let n = 1; n < 1000; n++) {
      const account = String((Number(bban.slice(10, 21).replace(/\D/g, '')) + n) % 1e11).padStart(11, '0');
      for (let key = 0; key < 100; key++) {
        const candidate = composeIBAN({
          countryCode: compact.slice(0, 2),
          bban: `${bban.slice(0, 10)}${account}${String(key).padStart(2, '0')}`,
        });
        if (candidate && isValidIBAN(candidate)) return candidate;
      }
    }
    throw new Error(`no IBAN at the bank of ${iban}`);
  }
});
