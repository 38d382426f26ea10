import {
  parisToday,
  AVOIRS_URL,
  BULK_EXCLUSION_REASONS,
  BULK_PREVIEW_URL,
  BULK_URL,
  DRAFTS_URL,
  HEAD_OFFICE_STRUCTURE_ID,
  INVOICING_MESSAGES,
  INVOICING_TARIFS_URL,
  JOB_KIND,
  draftIssueUrl,
  draftPreviewUrl,
  draftUrl,
  formatEuros,
  type BulkIssueAccepted,
  type BulkLotView,
  type BulkPreview,
  type DraftView,
  type IssuedInvoiceView,
  type StructureSituation,
  type TarifOption,
} from '@gdf/domain';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import {
  bulkInvoicingJob,
  type BulkInvoicingCheckpoint,
  type BulkInvoicingInput,
} from '../../../src/modules/invoicing/bulk-invoicing';
import type { JobContext } from '../../../src/modules/jobs/job-kind';
import { facturXTools } from '../documents/factur-x-tools';
import { pdfText } from '../documents/pdf-tools';
import { jobEnded } from '../jobs/job-kinds-support';
import { bearer } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import {
  INVOICING_DUE as DUE,
  INVOICING_ISSUE_DAY as ISSUE_DAY,
  invoicingAppOptions,
  stageDraftBody,
  stageLine,
} from '../support/invoicing-drafts';
import { closeSeededApp, openSeededApp } from '../support/seeded-app';
import { TEST_SEPA_ICS, buildTestApp, loginAs } from '../support/test-app';

/**
 * 'Création factures' (R-INV-01 to R-INV-10): a hand-made invoice, an avoir on it and a bulk
 * invoicing, issued through the flux issuance (R-DOC-01) and checked as every Factur-X is
 * (R-FACT-12 to R-FACT-14: CII D16B XSD, EN 16931 Schematron, PDF/A-3 parts); the structure's
 * balance follows (R-BAL-01); a bulk job started twice or cut short issues each invoice once;
 * clubs, territorial administrators and other structures are refused.
 */
const STAGE = { libelle: 'Stage escalade novembre', note: 'Stage du 14 novembre', days: 3 };
const tools = facturXTools();
afterAll(tools.remove);

describe.each(testDatabaseTargets())("'Création factures' on $name (R-INV-01 to R-INV-10)", (target) => {
  // Set by beforeAll (openSeededApp): the database, the app, the demo users' tokens, the club's id.
  let database: Database, app: FastifyInstance, clubId: number;
  let siege: string, club: string, ligue: string;
  const issuedXml: Array<[string, string]> = [];

  const send = (token: string, options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
  const ok = async <T>(token: string, options: InjectOptions, status = 200): Promise<T> => {
    const response = await send(token, options);
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };
  const line = stageLine(STAGE.days);
  const draftBody = (structureId: number, more: object = {}) => stageDraftBody(structureId, STAGE, more);
  const balance = async (structureId: number) =>
    (await ok<StructureSituation>(siege, { method: 'GET', url: `/api/structures/${structureId}/situation` })).balance;
  const fluxCount = async () =>
    (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "MKP_FluxFinancier"`))[0]!.n;
  const facturePdf = async (fluxId: number) => {
    const response = await send(siege, { method: 'GET', url: `/api/flux/${fluxId}/facture.pdf` });
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  };

  beforeAll(async () => {
    ({ database, app, siege, club, ligue, clubId } = await openSeededApp(
      target,
      invoicingAppOptions({ jobKinds: { bulkInvoicingStepStructures: 2 } }),
    ));
  });
  afterAll(() => closeSeededApp({ app, database }));

  let draft: DraftView;
  let invoice: IssuedInvoiceView;

  it('R-INV-05, R-INV-06: a draft has no number, previews as BROUILLON without storing anything, refuses a stale save', async () => {
    const tarifs = await ok<{ tarifs: TarifOption[] }>(siege, { method: 'GET', url: INVOICING_TARIFS_URL });
    expect(tarifs.tarifs.length).toBeGreaterThan(0);
    const tarif = tarifs.tarifs[0]!;
    draft = await ok<DraftView>(
      siege,
      {
        method: 'POST',
        url: DRAFTS_URL,
        payload: draftBody(clubId, {
          lignes: [line, { libelle: tarif.nom, tarifId: tarif.id, prixUnitaireCentimes: 1_250, quantite: 2 }],
        }),
      },
      201,
    );
    expect(draft).toMatchObject({ structureId: clubId, version: 1, fluxId: null, numero: null, totalCentimes: 16_000 });

    const before = await fluxCount();
    const preview = await send(siege, { method: 'GET', url: draftPreviewUrl(draft.id) });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const text = pdfText(preview.rawPayload);
    expect(text).toContain('BROUILLON');
    expect(text).toContain('Journée de stage');
    expect(text).not.toMatch(/\d{4}-FFME-\d+/);
    expect(tools.popplerOn(preview.rawPayload, 'pdfdetach', ['-list']).output).toMatch(/0 embedded files/);
    expect(await fluxCount()).toBe(before);
    const stored = await database.query(`SELECT 1 FROM "MKP_DocumentEmis" d WHERE d."NomFichier" LIKE 'brouillon%'`);
    expect(stored).toEqual([]);

    draft = await ok<DraftView>(siege, {
      method: 'PUT',
      url: draftUrl(draft.id),
      payload: { ...draftBody(clubId), version: 1 },
    });
    expect(draft).toMatchObject({ version: 2, totalCentimes: 13_500, lignes: [{ rang: 1, quantite: 3 }] });
    const stale = await send(siege, {
      method: 'PUT',
      url: draftUrl(draft.id),
      payload: { ...draftBody(clubId), version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(INVOICING_MESSAGES.staleVersion);
  });

  it('R-INV-05: Émettre creates the flux, numbered and issued in one go; the draft can never change again', async () => {
    const balanceBefore = await balance(clubId);
    invoice = await ok<IssuedInvoiceView>(
      siege,
      { method: 'POST', url: draftIssueUrl(draft.id), payload: { version: 2 } },
      201,
    );
    expect(invoice.numero).toBe(`2027-FFME-${invoice.fluxId}`);
    expect(invoice.totalCentimes).toBe(13_500);
    const [flux] = await database.query<Record<string, unknown>>(
      `SELECT f."ID_Structure" AS structure, f."MontantTTC"::text AS ttc, f."ID_CategoryFlux" AS categorie,
              f."DateEcheance"::text AS echeance, f."EST_Debit" AS debit, e."NbLignes" AS lignes
         FROM "MKP_FluxFinancier" f JOIN "MKP_FluxEmission" e ON e."ID_FluxFinancier" = f.id WHERE f.id = $1`,
      [invoice.fluxId],
    );
    expect(flux).toEqual({ structure: clubId, ttc: '135.00', categorie: 4, echeance: DUE, debit: true, lignes: 1 });
    const audit = await database.query(
      `SELECT 1 FROM "APP_AuditLog" WHERE "Action" = 'emission_facture' AND "ID_Cible" = $1`,
      [invoice.fluxId],
    );
    expect(audit).toHaveLength(1);
    expect(await balance(clubId)).toBe(balanceBefore + 13_500);

    for (const options of [
      { method: 'PUT' as const, url: draftUrl(draft.id), payload: { ...draftBody(clubId), version: 3 } },
      { method: 'DELETE' as const, url: `${draftUrl(draft.id)}?version=3` },
      { method: 'POST' as const, url: draftIssueUrl(draft.id), payload: { version: 3 } },
    ]) {
      const refused = await send(siege, options);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(INVOICING_MESSAGES.issued);
    }
    await expect(
      database.query(`UPDATE "FAC_Brouillon" SET "Libelle" = 'x' WHERE id = $1`, [draft.id]),
    ).rejects.toThrow(/émis/);

    const pdf = await facturePdf(invoice.fluxId);
    expect(tools.popplerOn(pdf, 'pdfdetach', ['-list']).output).toMatch(/1 embedded files\s+1: factur-x\.xml/);
    const xmp = tools.popplerOn(pdf, 'pdfinfo', ['-meta']).output;
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    const xml = tools.embeddedXml(pdf);
    expect(xml).toContain(`<ram:ID>${invoice.numero}</ram:ID>`);
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    issuedXml.push(['facture faite à la main', xml]);
  });

  it('R-INV-07: an avoir by lines, then never more than the invoice still carries; it cites the invoice (BT-25)', async () => {
    const balanceBefore = await balance(clubId);
    const avoir = await ok<IssuedInvoiceView>(
      siege,
      {
        method: 'POST',
        url: AVOIRS_URL,
        payload: { factureId: invoice.fluxId, mode: 'lignes', lignes: [{ rang: 1, quantite: 2 }] },
      },
      201,
    );
    expect(avoir.totalCentimes).toBe(9_000);
    expect(await balance(clubId)).toBe(balanceBefore - 9_000);

    const tooMuch = await send(siege, {
      method: 'POST',
      url: AVOIRS_URL,
      payload: { factureId: invoice.fluxId, mode: 'total' },
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(INVOICING_MESSAGES.avoirTooMuch(formatEuros(4_500)));
    const notAnInvoice = await send(siege, {
      method: 'POST',
      url: AVOIRS_URL,
      payload: { factureId: avoir.fluxId, mode: 'total' },
    });
    expect(notAnInvoice.statusCode).toBe(400);

    const pdf = await facturePdf(avoir.fluxId);
    expect(pdfText(pdf)).toContain(`Avoir sur la facture n° ${invoice.numero}`);
    const xml = tools.embeddedXml(pdf);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toMatch(
      new RegExp(`<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${invoice.numero}</ram:IssuerAssignedID>`),
    );
    issuedXml.push(['avoir', xml]);

    // The rest, 45 €, can still be credited; then nothing is left.
    await ok(
      siege,
      {
        method: 'POST',
        url: AVOIRS_URL,
        payload: { factureId: invoice.fluxId, mode: 'lignes', lignes: [{ rang: 1, quantite: 1 }] },
      },
      201,
    );
    const nothing = await send(siege, {
      method: 'POST',
      url: AVOIRS_URL,
      payload: { factureId: invoice.fluxId, mode: 'lignes', lignes: [{ rang: 1, quantite: 1 }] },
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(INVOICING_MESSAGES.avoirNothingLeft);
  });

  let structures: number[];
  let lot: BulkIssueAccepted;
  const bulkBody = () => ({
    libelle: 'Cotisation annuelle',
    categorie: 4,
    echeance: DUE,
    note: '',
    lignes: [{ ...line, quantite: 1 }],
    selection: { structureIds: structures },
  });

  it('R-INV-08: the bulk preview counts, totals and names who is left out and why', async () => {
    const picked = await database.query<{ id: number; blocked: boolean }>(
      `SELECT s.id, s."EST_Bloquee" AS blocked FROM "STR_Structure" s
        WHERE s."ID_Federation" = $1 AND s.id <> $1 AND s."ID_TypeStructure" = 1
        ORDER BY s."EST_Bloquee" DESC, s.id LIMIT 6`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    structures = picked.map((row) => row.id);
    const blocked = picked.filter((row) => row.blocked).map((row) => row.id);
    expect(blocked.length).toBeGreaterThan(0);
    const body = bulkBody();
    const preview = await ok<BulkPreview>(siege, { method: 'POST', url: BULK_PREVIEW_URL, payload: body });
    expect(
      preview.ignorees
        .filter((row) => row.raison === BULK_EXCLUSION_REASONS.blocked)
        .map((row) => row.structureId)
        .sort(),
    ).toEqual(blocked.sort());
    expect(preview.nombre + preview.ignorees.length).toBe(structures.length);
    expect(preview.totalCentimes).toBe(preview.nombre * 4_500);

    const direct = await ok<BulkPreview>(siege, {
      method: 'POST',
      url: BULK_PREVIEW_URL,
      payload: { ...body, categorie: 5 },
    });
    const [noMandate] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "STR_Structure" s WHERE s.id = ANY($1::int[]) AND NOT s."EST_Bloquee"
          AND NOT EXISTS (SELECT 1 FROM "STR_StructureRib" r WHERE r."ID_Structure" = s.id AND r."EST_Valide"
                           AND coalesce(r."MandatRUM", '') <> '' AND r."MandatDateSignature" IS NOT NULL)`,
      [`{${structures.join(',')}}`],
    );
    expect(direct.ignorees.filter((row) => row.raison === BULK_EXCLUSION_REASONS.noMandate)).toHaveLength(noMandate!.n);
  });

  it('R-INV-09: Émettre runs as a job; asked twice with its key, it is the same lot and each invoice is issued once', async () => {
    const body = { cle: `lot-${target.name}-cotisation`, ...bulkBody() };
    lot = await ok<BulkIssueAccepted>(siege, { method: 'POST', url: BULK_URL, payload: body }, 202);
    const again = await ok<BulkIssueAccepted>(siege, { method: 'POST', url: BULK_URL, payload: body }, 202);
    expect(again.lotId).toBe(lot.lotId);
    expect(again.traitement.id).toBe(lot.traitement.id);
    const other = await send(siege, { method: 'POST', url: BULK_URL, payload: { ...body, libelle: 'Autre chose' } });
    expect(other.statusCode).toBe(409);

    const job = await jobEnded(app, siege, lot.traitement.id);
    expect(job.statut, job.erreur ?? '').toBe('termine');
    expect(job.type).toBe(JOB_KIND.bulkInvoicing);
    const report = await ok<BulkLotView>(siege, { method: 'GET', url: `${BULK_URL}/${lot.lotId}` });
    expect(report.emises.length + report.ignorees.length).toBe(structures.length);
    expect(report.emises.length).toBeGreaterThan(0);
    const issued = await database.query<{ structure: number; n: number }>(
      `SELECT f."ID_Structure" AS structure, count(*)::int AS n FROM "FAC_LotStructure" ls
         JOIN "MKP_FluxFinancier" f ON f.id = ls."ID_FluxFinancier" JOIN "MKP_FluxEmission" e ON e."ID_FluxFinancier" = f.id
        WHERE ls."ID_Lot" = $1 GROUP BY 1`,
      [lot.lotId],
    );
    expect(issued.every((row) => row.n === 1)).toBe(true);
    expect(issued).toHaveLength(report.emises.length);

    const pdf = await facturePdf(report.emises[0]!.fluxId);
    const xml = tools.embeddedXml(pdf);
    expect(xml).toContain(`<ram:ID>${report.emises[0]!.numero}</ram:ID>`);
    issuedXml.push(['facture en lot', xml]);
  });

  it('R-INV-09: a job cut short after a committed step, resumed without its checkpoint, issues nothing twice', async () => {
    const [{ id: lotId } = { id: 0 }] = await database.query<{ id: number }>(
      `INSERT INTO "FAC_Lot" ("Cle", "ID_StructureEmettrice", "ID_Utilisateur", "Libelle", "Contenu", "Selection")
       SELECT 'lot-coupe', $1, l."ID_Utilisateur", 'Passeports', $2::jsonb, '{}'::jsonb FROM "UTI_Login" l WHERE l."Email" = 'siege@demo.fr'
       RETURNING id`,
      [
        HEAD_OFFICE_STRUCTURE_ID,
        JSON.stringify({
          label: 'Passeports',
          category: 4,
          dueDate: parisToday(new Date(ISSUE_DAY.getTime() + 21 * 86_400_000)),
          note: '',
          lines: [{ label: 'Passeport', tarifId: null, unitPriceCents: 800, quantity: 1 }],
        }),
      ],
    );
    const [owner] = await database.query<{ id: number }>(
      `SELECT "ID_Utilisateur" AS id FROM "UTI_Login" WHERE "Email" = 'siege@demo.fr'`,
    );
    const kind = bulkInvoicingJob({ creditorIdentifier: TEST_SEPA_ICS }, { stepStructures: 2, clock: () => ISSUE_DAY });
    const context = (stopAfter: number | null): JobContext<BulkInvoicingInput, BulkInvoicingCheckpoint> => {
      let steps = 0;
      return {
        id: 0,
        input: { lotId, structureIds: structures },
        owner: { userId: owner!.id, structureId: HEAD_OFFICE_STRUCTURE_ID },
        checkpoint: null,
        database,
        signal: new AbortController().signal,
        async step(on, work) {
          const value = await on.transaction(async (tx) => (await work(tx)).value);
          steps += 1;
          // The process dies right after a commit, before anything else is recorded.
          if (stopAfter !== null && steps === stopAfter) throw new Error('kill -9');
          return value;
        },
        report: async () => undefined,
        throwIfStopped: () => undefined,
      };
    };
    await expect(kind.run(context(1))).rejects.toThrow('kill -9');
    const afterKill = await database.query(`SELECT 1 FROM "FAC_LotStructure" WHERE "ID_Lot" = $1`, [lotId]);
    expect(afterKill).toHaveLength(2);
    const first = await kind.run(context(null));
    const second = await kind.run(context(null));
    expect(second.summary).toEqual(first.summary);
    const perStructure = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "FAC_LotStructure" WHERE "ID_Lot" = $1 GROUP BY "ID_Structure"`,
      [lotId],
    );
    expect(perStructure).toHaveLength(structures.length);
    expect(perStructure.every((row) => row.n === 1)).toBe(true);
  });

  it('R-FACT-14: the hand-made invoice, the avoir and the bulk invoice pass the CII D16B XSD and the EN 16931 Schematron', () => {
    expect(issuedXml.map(([name]) => name)).toEqual(['facture faite à la main', 'avoir', 'facture en lot']);
    const { fatal, reports } = tools.validate(issuedXml, `invoicing-${target.name}`);
    expect(reports).toBe(issuedXml.length);
    expect(fatal).toEqual([]);
  }, 120_000);

  it('R-INV-10, R-PERM-07: clubs and territorial administrators are refused; the head office never bills itself; bad tarifs and mandates', async () => {
    for (const token of [club, ligue]) {
      const refused = await send(token, { method: 'POST', url: DRAFTS_URL, payload: draftBody(clubId) });
      expect(refused.statusCode, refused.body).toBe(403);
      const list = await send(token, { method: 'GET', url: DRAFTS_URL });
      expect(list.statusCode).toBe(403);
    }
    const own = await send(siege, { method: 'POST', url: DRAFTS_URL, payload: draftBody(HEAD_OFFICE_STRUCTURE_ID) });
    expect(own.statusCode).toBe(403);
    const unknownTarif = await send(siege, {
      method: 'POST',
      url: DRAFTS_URL,
      payload: draftBody(clubId, { lignes: [{ ...line, tarifId: 2_000_000_000 }] }),
    });
    expect(unknownTarif.statusCode).toBe(400);
    expect(unknownTarif.json().message).toMatch(/Tarif inconnu/);
    const late = await send(siege, {
      method: 'POST',
      url: DRAFTS_URL,
      payload: draftBody(clubId, { echeance: parisToday(new Date(Date.now() + 75 * 86_400_000)) }),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/au plus 60 jours/);
    const [withoutMandate] = await database.query<{ id: number }>(
      `SELECT s.id FROM "STR_Structure" s WHERE s."ID_Federation" = $1 AND s.id <> $1
          AND NOT EXISTS (SELECT 1 FROM "STR_StructureRib" r WHERE r."ID_Structure" = s.id AND r."MandatRUM" IS NOT NULL)
        ORDER BY s.id LIMIT 1`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    const direct = await send(siege, {
      method: 'POST',
      url: DRAFTS_URL,
      payload: draftBody(withoutMandate!.id, { categorie: 5 }),
    });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().message).toContain(INVOICING_MESSAGES.noMandate);
    // A draft of the head office is not another structure's: the club's own token cannot read it either.
    const hidden = await send(club, { method: 'GET', url: draftUrl(draft.id) });
    expect(hidden.statusCode).toBe(403);
  });
  it('R-INV-06, R-INV-10: a draft is deleted with the query the web sends; its save is audited before and after; a reader cannot preview', async () => {
    const made = await ok<DraftView>(siege, { method: 'POST', url: DRAFTS_URL, payload: draftBody(clubId) }, 201);
    const saved = await ok<DraftView>(siege, {
      method: 'PUT',
      url: draftUrl(made.id),
      payload: { ...draftBody(clubId, { lignes: [line, { ...line, quantite: 1 }] }), version: 1 },
    });
    const [changed] = await database.query<{ details: Record<string, unknown> }>(
      `SELECT "Details" AS details FROM "APP_AuditLog" WHERE "Action" = 'modification_brouillon_facture' AND "ID_Cible" = $1`,
      [made.id],
    );
    expect(changed!.details).toMatchObject({
      avant: { structure: clubId, totalCentimes: 13_500, lignes: 1 },
      apres: { structure: clubId, totalCentimes: 18_000, lignes: 2 },
    });

    // Without the write grant (read access only), the preview, a whole issue rolled back, is refused.
    const grant = `"SlugModule" = 'gestion_des_finances__creation_factures' AND "Action" = 'ecriture'
        AND "ID_Role" = (SELECT id FROM "FEDE_Role" WHERE "SlugRole" = 'administrateur_si')`;
    await database.query(`UPDATE "FEDE_RoleModule" SET "EST_Acces" = false WHERE ${grant}`);
    // A second app: the first keeps the roles it read for 30 s.
    const readOnly = await buildTestApp(database, invoicingAppOptions());
    try {
      const reader = await loginAs(readOnly, 'siege@demo.fr');
      const as = (options: InjectOptions) =>
        readOnly.inject({ ...options, headers: { ...options.headers, ...bearer(reader) } });
      expect((await as({ method: 'GET', url: draftUrl(made.id) })).statusCode).toBe(200);
      const refused = await as({ method: 'GET', url: draftPreviewUrl(made.id) });
      expect(refused.statusCode, refused.body).toBe(403);
    } finally {
      await readOnly.close();
      await database.query(`UPDATE "FEDE_RoleModule" SET "EST_Acces" = true WHERE ${grant}`);
    }

    // The web names the structure it acts for in the query too (invoicing-api.ts deleteDraft).
    const removed = await send(siege, {
      method: 'DELETE',
      url: `${draftUrl(made.id)}?structureId=${HEAD_OFFICE_STRUCTURE_ID}&version=${saved.version}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await send(siege, { method: 'GET', url: draftUrl(made.id) })).statusCode).toBe(404);
  });

  it('R-INV-08: a structure blocked or without an address is refused an invoice by hand, as a lot leaves it out', async () => {
    const [blocked] = await database.query<{ id: number }>(
      `SELECT s.id FROM "STR_Structure" s WHERE s."ID_Federation" = $1 AND s.id <> $1 AND s."EST_Bloquee" ORDER BY s.id LIMIT 1`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    const refused = await send(siege, { method: 'POST', url: DRAFTS_URL, payload: draftBody(blocked!.id) });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toContain(BULK_EXCLUSION_REASONS.blocked);

    const [{ address } = { address: null }] = await database.query<{ address: number | null }>(
      `SELECT "ID_Adresse" AS address FROM "STR_Structure" WHERE id = $1`,
      [clubId],
    );
    await database.query(`UPDATE "STR_Structure" SET "ID_Adresse" = NULL WHERE id = $1`, [clubId]);
    try {
      const noAddress = await send(siege, { method: 'POST', url: DRAFTS_URL, payload: draftBody(clubId) });
      expect(noAddress.statusCode, noAddress.body).toBe(400);
      expect(noAddress.json().message).toContain(BULK_EXCLUSION_REASONS.noAddress);
    } finally {
      await database.query(`UPDATE "STR_Structure" SET "ID_Adresse" = $2 WHERE id = $1`, [clubId, address]);
    }
  });

  it("R-INV-09: a lot's key is its user's: another user of the head office with the same key makes another lot", async () => {
    const admin = await loginAs(app, 'super.admin@demo.fr');
    const body = { cle: `lot-${target.name}-cotisation`, ...bulkBody(), libelle: 'Cotisation, autre utilisateur' };
    const mine = await send(admin, { method: 'POST', url: BULK_URL, payload: body });
    expect(mine.statusCode, mine.body).toBe(202);
    const accepted = mine.json() as BulkIssueAccepted;
    expect(accepted.lotId).not.toBe(lot.lotId);
    const report = await ok<BulkLotView>(admin, { method: 'GET', url: `${BULK_URL}/${accepted.lotId}` });
    expect(report.cle).toBe(body.cle);
    expect((await jobEnded(app, admin, accepted.traitement.id)).statut).toBe('termine');
  });
  it('R-INV-11: no avoir on an invoice still owed while a SEPA batch not cancelled collects it', async () => {
    const made = await ok<DraftView>(siege, { method: 'POST', url: DRAFTS_URL, payload: draftBody(clubId) }, 201);
    const issued = await ok<IssuedInvoiceView>(
      siege,
      { method: 'POST', url: draftIssueUrl(made.id), payload: { version: 1 } },
      201,
    );
    // The batch a SEPA generation records: it holds the invoice's flux.
    const [batch] = await database.query<{ id: number }>(
      `INSERT INTO "MKP_Traitement" ("TypeTraitement", "ID_Structure") VALUES ('prelevement_sepa', $1) RETURNING id`,
      [HEAD_OFFICE_STRUCTURE_ID],
    );
    await database.query(`UPDATE "MKP_FluxFinancier" SET "ID_Traitement" = $2 WHERE id = $1`, [
      issued.fluxId,
      batch!.id,
    ]);
    const avoir = { method: 'POST' as const, url: AVOIRS_URL, payload: { factureId: issued.fluxId, mode: 'total' } };
    const refused = await send(siege, avoir);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(INVOICING_MESSAGES.avoirInSepaBatch);

    // The batch cancelled (R-SEPA-08), the avoir can be made.
    await database.query(
      `UPDATE "MKP_Traitement" SET "DateAnnulation" = now(),
              "ID_UtilisateurAnnulation" = (SELECT "ID_Utilisateur" FROM "UTI_Login" WHERE "Email" = 'siege@demo.fr')
        WHERE id = $1`,
      [batch!.id],
    );
    await ok<IssuedInvoiceView>(siege, avoir, 201);
  });
});
