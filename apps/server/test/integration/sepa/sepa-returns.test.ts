import { ModuleSlug, SEPA_WRITE, StructureType, type SepaReturnImportResult, type SepaReturnReport } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestScope } from '../../../src/modules/scope/scope';
import { importReturnFile, previewReturnFile } from '../../../src/modules/sepa-returns/sepa-returns.service';
import { buildRestApp, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { loginAs } from '../support/test-app';
import { graphqlClient } from '../graphql/graphql-context';
import { testDatabaseTargets } from '../support/databases';
import { collectionDate, elements, generate } from './sepa-support';
import { postReturn, returnFile } from './sepa-returns-support';

/** These reports' amounts and dates are the fixtures', not the debits': R-RET-05 anomalies, confirmed. */
const CONFIRMED = { confirmAnomalies: true };

describe.each(testDatabaseTargets())('SEPA returns (pain.002, camt.054) on $name', (target) => {
  let context: RestContext;
  let batchId: number;
  /** EndToEndIds of the generated batch, and their flux. */
  let ids: string[];
  const fluxOf = (endToEndId: string) => Number(endToEndId.split('-').at(-1));

  beforeAll(async () => {
    context = await openRestContext(target);
    const response = await generate(context.app, context.tokens.siege, { dateEcheance: collectionDate() });
    expect(response.statusCode, response.body).toBe(200);
    batchId = Number(response.headers['x-sepa-batch-id']);
    ids = elements(response.body, 'EndToEndId');
    expect(ids.length).toBeGreaterThanOrEqual(12);
  });
  afterAll(() => closeRestContext(context));

  const returnsOf = (fluxIds: number[]) =>
    context.database.query<{ flux: number; code: string | null; date: string; type: string; import: number }>(
      `SELECT "ID_FluxFinancier" AS flux, "CodeRaison" AS code, "DateRetour"::text AS date, "TypeRetour" AS type,
              "ID_ImportRetour" AS import
         FROM "MKP_RetourPrelevement" WHERE "ID_FluxFinancier" = ANY($1::int[]) ORDER BY 1`,
      [fluxIds],
    );
  const count = async (sql: string) => (await context.database.query<{ n: number }>(sql))[0]?.n;
  const auditCount = () => count(`SELECT count(*)::int AS n FROM "APP_AuditLog" WHERE "Action" = 'import_retour_sepa'`);
  // The demo's seeded returns (the bank's earlier reports) kept no file: the imports here store theirs.
  const IMPORTS = `SELECT count(*)::int AS n FROM "MKP_ImportRetour" WHERE "ID_Contenu" IS NOT NULL`;
  const RETURNS = `SELECT count(*)::int AS n FROM "MKP_RetourPrelevement" r
    JOIN "MKP_ImportRetour" i ON i.id = r."ID_ImportRetour" WHERE i."ID_Contenu" IS NOT NULL`;

  it('previews a camt.054.001.02 without writing: flux to reject with French reasons, unknown ids', async () => {
    const file = returnFile('camt.054.001.02', batchId, { E2E_A: ids[0] as string, E2E_B: ids[1] as string });
    const response = await postReturn(context.app, context.tokens.siege, file, {
      preview: true,
      fileName: 'camt054 mars.xml',
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json() as SepaReturnReport;
    expect(preview).toMatchObject({ format: 'camt.054.001.02', nomFichier: 'camt054 mars.xml', dejaImporte: false });
    expect(preview.nbTransactions).toBe(3);
    expect(preview.nbIgnorees).toBe(1);
    expect(preview.flux.map((line) => [line.ID_FluxFinancier, line.code, line.motif, line.dateRetour])).toEqual([
      [fluxOf(ids[0] as string), 'MD06', 'Remboursement demandé par le débiteur', '2026-03-16'],
      [fluxOf(ids[1] as string), 'MS03', 'Raison non précisée par la banque', '2026-03-17'],
    ]);
    expect(preview.flux.every((line) => line.NomStructure.length > 0 && line.montantCents > 0)).toBe(true);
    expect(preview.inconnus).toEqual([
      { endToEndId: 'REF-INCONNUE-42', code: 'AC06', motif: 'Compte bloqué', montantFichierCents: 3050 },
    ]);
    expect(preview.dejaRejetes).toEqual([]);
    expect(await count(RETURNS)).toBe(0);
    expect(await count(IMPORTS)).toBe(0);
  });

  it('imports it: the flux become rejected with code, date and file, paid flag cleared, audited', async () => {
    const paid = fluxOf(ids[1] as string);
    await context.database.query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true WHERE id = $1`, [paid]);
    const file = returnFile('camt.054.001.02', batchId, { E2E_A: ids[0] as string, E2E_B: ids[1] as string });
    const response = await postReturn(context.app, context.tokens.siege, file, CONFIRMED);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as SepaReturnImportResult;
    expect(result.idImport).toEqual(expect.any(Number));
    expect(result.flux).toHaveLength(2);
    expect(result.flux.find((line) => line.ID_FluxFinancier === paid)?.etaitRegle).toBe(true);
    const rows = await returnsOf([fluxOf(ids[0] as string), paid]);
    expect(rows.map((row) => [row.code, row.date, row.type, row.import])).toEqual([
      ['MD06', '2026-03-16', 'retour', result.idImport],
      ['MS03', '2026-03-17', 'retour', result.idImport],
    ]);
    const [flux] = await context.database.query<{ paid: boolean }>(
      `SELECT "EST_Reglement" AS paid FROM "MKP_FluxFinancier" WHERE id = $1`,
      [paid],
    );
    expect(flux?.paid).toBe(false);
    const [stored] = await context.database.query<{ sha: string; nature: string; size: number; format: string }>(
      `SELECT i."Sha256" AS sha, c."Nature" AS nature, c."Taille"::int AS size, i."Format" AS format
         FROM "MKP_ImportRetour" i JOIN "DOC_Contenu" c ON c.id = i."ID_Contenu" WHERE i.id = $1`,
      [result.idImport],
    );
    expect(stored).toEqual({ sha: result.sha256, nature: 'retour_sepa', size: file.length, format: 'camt.054.001.02' });
    expect(await auditCount()).toBe(1);
    const [audit] = await context.database.query<{ details: { avant: boolean; apres: boolean } }>(
      `SELECT "Details" AS details FROM "APP_AuditLog" WHERE "Action" = 'reglement_flux' AND "ID_Cible" = $1`,
      [paid],
    );
    expect(audit?.details).toMatchObject({ avant: true, apres: false });
  });

  it('importing the same file again changes nothing', async () => {
    const file = returnFile('camt.054.001.02', batchId, { E2E_A: ids[0] as string, E2E_B: ids[1] as string });
    const preview = (
      await postReturn(context.app, context.tokens.siege, file, { preview: true })
    ).json() as SepaReturnReport;
    expect(preview.dejaImporte).toBe(true);
    expect(preview.flux).toEqual([]);
    expect(preview.dejaRejetes).toHaveLength(2);
    const response = await postReturn(context.app, context.tokens.siege, file, CONFIRMED);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as SepaReturnImportResult;
    expect(result).toMatchObject({ dejaImporte: true, idImport: null, flux: [] });
    expect(await count(IMPORTS)).toBe(1);
    expect(await count(RETURNS)).toBe(2);
    expect(await auditCount()).toBe(1);
  });

  it('pain.002.001.03: rejects, an already-rejected flux keeps its first reason, unknown and accepted ids', async () => {
    const file = returnFile('pain.002.001.03', batchId, {
      E2E_A: ids[2] as string,
      E2E_B: ids[3] as string,
      E2E_ALREADY: ids[0] as string,
      E2E_OK: ids[4] as string,
    });
    const preview = (
      await postReturn(context.app, context.tokens.siege, file, { preview: true })
    ).json() as SepaReturnReport;
    expect(preview.format).toBe('pain.002.001.03');
    expect(preview.nbIgnorees).toBe(0); // the EPC subset reports rejects only (no ACCP)
    expect(preview.flux.map((line) => [line.ID_FluxFinancier, line.code, line.motif, line.type])).toEqual([
      [fluxOf(ids[2] as string), 'AM04', 'Provision insuffisante', 'rejet'],
      [fluxOf(ids[3] as string), 'AC04', 'Compte clos', 'rejet'],
    ]);
    expect(
      preview.dejaRejetes.map((line) => [line.ID_FluxFinancier, line.code, line.codeExistant, line.motifExistant]),
    ).toEqual([[fluxOf(ids[0] as string), 'MS02', 'MD06', 'Remboursement demandé par le débiteur']]);
    expect(preview.inconnus.map((item) => item.endToEndId)).toEqual(['GDF-999999-999999']);
    const result = (
      await postReturn(context.app, context.tokens.siege, file, CONFIRMED)
    ).json() as SepaReturnImportResult;
    expect(result.flux.map((line) => line.ID_FluxFinancier)).toEqual([
      fluxOf(ids[2] as string),
      fluxOf(ids[3] as string),
    ]);
    const rows = await returnsOf([fluxOf(ids[0] as string), fluxOf(ids[4] as string)]);
    expect(rows.map((row) => row.code)).toEqual(['MD06']); // first reason kept; the accepted one untouched
  });

  /** A club holding the SEPA module and write grant on its own structure only. */
  const clubScope = (structureId: number): RequestScope => ({
    actor: {
      userId: 1,
      firstName: 'Test',
      lastName: 'Club',
      email: 'club@test',
      isSuperAdmin: false,
      memberships: [],
      permissions: new Map([[structureId, new Set([ModuleSlug.ExportSepa])]]),
      grants: new Map([[structureId, new Set([SEPA_WRITE])]]),
    },
    currentStructureId: structureId,
    currentStructureType: StructureType.Club,
    unrestricted: false,
    standing: { blocked: false, affiliated: true, affiliatedCurrentSeason: true },
  });

  it('a file imported first by a narrower scope still records, for a wider one, the returns left', async () => {
    const flux = fluxOf(ids[11] as string);
    const file = returnFile('pain.002.001.10', batchId, {
      E2E_A: ids[11] as string,
      E2E_B: `GDF-${batchId + 2000}-1`,
      E2E_ALREADY: ids[0] as string,
    });
    const [other] = await context.database.query<{ id: number }>(
      `SELECT id FROM "STR_Structure" WHERE "ID_TypeStructure" = 1
          AND id <> (SELECT "ID_Structure" FROM "MKP_FluxFinancier" WHERE id = $1) ORDER BY id LIMIT 1`,
      [flux],
    );
    const narrow = await importReturnFile(
      context.database,
      clubScope(other!.id),
      { fileName: 'r.xml', bytes: file },
      {
        confirmAnomalies: true,
      },
    );
    expect(narrow.flux).toEqual([]);
    expect(await returnsOf([flux])).toEqual([]);
    const wide = (
      await postReturn(context.app, context.tokens.siege, file, CONFIRMED)
    ).json() as SepaReturnImportResult;
    expect(wide.dejaImporte).toBe(false);
    expect(wide.flux.map((line) => line.ID_FluxFinancier)).toEqual([flux]);
    expect(await returnsOf([flux])).toHaveLength(1);
    const again = (
      await postReturn(context.app, context.tokens.siege, file, CONFIRMED)
    ).json() as SepaReturnImportResult;
    expect(again.dejaImporte).toBe(true);
  });

  it('an EndToEndId of another batch, or a flux out of scope, is unknown', async () => {
    const wrongBatch = `GDF-${batchId + 1000}-${fluxOf(ids[5] as string)}`;
    const file = returnFile('pain.002.001.10', batchId, {
      E2E_A: wrongBatch,
      E2E_B: ids[5] as string,
      E2E_ALREADY: ids[0] as string,
    });
    const siege = (
      await postReturn(context.app, context.tokens.siege, file, { preview: true })
    ).json() as SepaReturnReport;
    expect(siege.inconnus.map((item) => item.endToEndId)).toEqual([wrongBatch, 'NOTPROVIDED']);
    expect(siege.flux.map((line) => line.ID_FluxFinancier)).toEqual([fluxOf(ids[5] as string)]);
    // A structure holding the SEPA grant sees only its own flux: the head office's batch is unknown to it.
    const flux = fluxOf(ids[5] as string);
    const [owner] = await context.database.query<{ id: number }>(
      `SELECT "ID_Structure" AS id FROM "MKP_FluxFinancier" WHERE id = $1`,
      [flux],
    );
    const other = await context.database.query<{ id: number }>(
      `SELECT id FROM "STR_Structure" WHERE "ID_TypeStructure" = 1 AND id <> $1 ORDER BY id LIMIT 1`,
      [owner?.id],
    );
    const outside = await previewReturnFile(context.database, clubScope(other[0]?.id as number), {
      fileName: 'x.xml',
      bytes: file,
    });
    expect(outside.flux).toEqual([]);
    expect(outside.dejaRejetes).toEqual([]);
    expect(outside.inconnus).toHaveLength(4);
    const own = await previewReturnFile(context.database, clubScope(owner?.id as number), {
      fileName: 'x.xml',
      bytes: file,
    });
    expect(own.flux.map((line) => line.ID_FluxFinancier)).toEqual([flux]);
  });

  it('two imports of one file at once change the flux once', async () => {
    const file = returnFile('pain.002.001.10', batchId, {
      E2E_A: ids[6] as string,
      E2E_B: ids[7] as string,
      E2E_ALREADY: ids[2] as string,
    });
    const before = await auditCount();
    const responses = await Promise.all([
      postReturn(context.app, context.tokens.siege, file, CONFIRMED),
      postReturn(context.app, context.tokens.superAdmin, file, CONFIRMED),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const results = responses.map((response) => response.json() as SepaReturnImportResult);
    expect(results.filter((result) => result.idImport !== null)).toHaveLength(1);
    expect(results.filter((result) => result.dejaImporte)).toHaveLength(1);
    expect(results.flatMap((result) => result.flux).map((line) => line.code)).toEqual(['MD01', 'AG01']);
    const rows = await returnsOf([fluxOf(ids[6] as string), fluxOf(ids[7] as string)]);
    const codeOf = new Map(rows.map((row) => [row.flux, row.code]));
    expect([codeOf.get(fluxOf(ids[6] as string)), codeOf.get(fluxOf(ids[7] as string))]).toEqual(['MD01', 'AG01']);
    expect(await auditCount()).toBe((before as number) + 1);
  });

  it('two different reports of one flux at once record one return', async () => {
    const first = returnFile('camt.054.001.08', batchId, { E2E_A: ids[8] as string, E2E_ALREADY: ids[3] as string });
    const second = Buffer.from(first.toString('utf8').replace('NTF-20270120-0001<', 'NTF-20270120-0002<'));
    const responses = await Promise.all([
      postReturn(context.app, context.tokens.siege, first, CONFIRMED),
      postReturn(context.app, context.tokens.siege, second, CONFIRMED),
    ]);
    const results = responses.map((response) => response.json() as SepaReturnImportResult);
    expect(results.every((result) => result.idImport !== null)).toBe(true);
    expect(results.flatMap((result) => result.flux).map((line) => line.ID_FluxFinancier)).toEqual([
      fluxOf(ids[8] as string),
    ]);
    expect(
      results
        .flatMap((result) => result.dejaRejetes)
        .map((line) => line.ID_FluxFinancier)
        .sort(),
    ).toEqual([fluxOf(ids[3] as string), fluxOf(ids[3] as string), fluxOf(ids[8] as string)].sort());
    expect(await returnsOf([fluxOf(ids[8] as string)])).toHaveLength(1);
  });

  it('GraphQL shows rejected flux read-only with their reason, within scope; a rejected debit can be relaunched', async () => {
    const query = `query Rejected($where: MKP_FluxFinancier_bool_exp!) {
      rows: MKP_FluxFinancier(where: $where, order_by: [{ id: asc }]) {
        id ID_Structure MKP_RetourPrelevement { CodeRaison DateRetour TypeRetour }
      }
    }`;
    const rejected = { MKP_RetourPrelevement: { id: { _is_null: false } } };
    type Rows = {
      rows: Array<{ id: number; ID_Structure: number; MKP_RetourPrelevement: { CodeRaison: string } | null }>;
    };
    const siege = await graphqlClient(context.app, context.tokens.siege)<Rows>(query, { where: rejected });
    expect(siege.errors).toBeUndefined();
    const stored = await context.database.query<{ flux: number; structure: number; code: string }>(
      `SELECT r."ID_FluxFinancier" AS flux, f."ID_Structure" AS structure, r."CodeRaison" AS code
         FROM "MKP_RetourPrelevement" r JOIN "MKP_FluxFinancier" f ON f.id = r."ID_FluxFinancier" ORDER BY 1`,
    );
    expect(stored.length).toBeGreaterThanOrEqual(7);
    expect(siege.data?.rows.map((row) => [row.id, row.MKP_RetourPrelevement?.CodeRaison])).toEqual(
      stored.map((row) => [row.flux, row.code]),
    );
    const first = siege.data?.rows.find((row) => row.id === fluxOf(ids[2] as string));
    expect(first?.MKP_RetourPrelevement).toEqual({ CodeRaison: 'AM04', DateRetour: '2026-03-10', TypeRetour: 'rejet' });
    // A club sees its own rejected flux only (the flux's scope applies to the relation).
    const club = await graphqlClient(context.app, context.tokens.club)<Rows>(query, { where: rejected });
    expect(club.errors).toBeUndefined();
    expect(club.data?.rows.map((row) => row.id)).toEqual(
      stored.filter((row) => row.structure === context.clubId).map((row) => row.flux),
    );
    // The relaunch (R-FLUX-05, R-RET-04) applies to a rejected direct debit, even one the bank
    // returned after it was marked paid; the new debit is not rejected and waits for a batch.
    const relaunched = await graphqlClient(context.app, context.tokens.siege)<{
      relaunch_MKP_FluxFinancier: { id: number };
    }>(`mutation Relaunch($id: Int!) { relaunch_MKP_FluxFinancier(id: $id) { id } }`, { id: fluxOf(ids[1] as string) });
    expect(relaunched.errors).toBeUndefined();
    const newId = relaunched.data?.relaunch_MKP_FluxFinancier.id as number;
    const [copy] = await context.database.query<{ batch: number | null; returned: boolean }>(
      `SELECT "ID_Traitement" AS batch, EXISTS (SELECT 1 FROM "MKP_RetourPrelevement" r WHERE r."ID_FluxFinancier" = f.id) AS returned
         FROM "MKP_FluxFinancier" f WHERE id = $1`,
      [newId],
    );
    expect(copy).toEqual({ batch: null, returned: false });
  });

  it('refuses DOCTYPE / external entities (XXE) and files over 5 MB, writing nothing', async () => {
    const before = await count(`SELECT count(*)::int AS n FROM "MKP_ImportRetour"`);
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>&xxe;</MsgId></GrpHdr></BkToCstmrDbtCdtNtfctn></Document>';
    for (const preview of [true, false]) {
      const response = await postReturn(context.app, context.tokens.siege, xxe, { preview });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/DOCTYPE/);
      expect(response.body).not.toContain('root:');
    }
    const file = returnFile('camt.054.001.02', batchId, { E2E_A: ids[9] as string, E2E_B: ids[10] as string });
    const padded = Buffer.concat([file, Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    const big = await postReturn(context.app, context.tokens.siege, padded);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/5 Mo/);
    const huge = await postReturn(context.app, context.tokens.siege, Buffer.alloc(6 * 1024 * 1024, 0x20));
    expect(huge.statusCode).toBe(413);
    const empty = await postReturn(context.app, context.tokens.siege, '');
    expect(empty.statusCode).toBe(400);
    const json = await postReturn(context.app, context.tokens.siege, '{"a":1}', { contentType: 'application/json' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/fichier XML est attendu/);
    expect(await count(`SELECT count(*)::int AS n FROM "MKP_ImportRetour"`)).toBe(before);
  });

  it('refuses callers without the SEPA module or its write grant (403), writing nothing', async () => {
    const file = returnFile('camt.054.001.02', batchId, { E2E_A: ids[9] as string, E2E_B: ids[10] as string });
    for (const token of [context.tokens.club, context.tokens.ligue]) {
      for (const preview of [true, false]) {
        const response = await postReturn(context.app, token, file, { preview });
        expect(response.statusCode, response.body).toBe(403);
      }
    }
    // Permissions are data: without the role's SEPA write row, the head office reads the module but may not import.
    await context.database.query(
      `UPDATE "FEDE_RoleModule" SET "EST_Acces" = false WHERE "Action" = 'ecriture' AND "SlugModule" = 'export__sepa'`,
    );
    const fresh = await buildRestApp(context.database); // its own actor cache: the change applies at once
    try {
      const token = await loginAs(fresh, 'siege@demo.fr');
      for (const preview of [true, false]) {
        const response = await postReturn(fresh, token, file, { preview });
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json().message.length).toBeGreaterThan(0);
      }
    } finally {
      await fresh.close();
      await context.database.query(
        `UPDATE "FEDE_RoleModule" SET "EST_Acces" = true WHERE "Action" = 'ecriture' AND "SlugModule" = 'export__sepa'`,
      );
    }
    expect(await returnsOf([fluxOf(ids[9] as string)])).toHaveLength(0);
    const anonymous = await context.app.inject({ method: 'POST', url: '/api/exports/sepa/retours', payload: file });
    expect(anonymous.statusCode).toBe(401);
  });
});
