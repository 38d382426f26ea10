import {
  DRAFTS_URL,
  PAYOUTS_PATH,
  addCalendarDays,
  draftPreviewUrl,
  nextTargetDay,
  parisToday,
  ACCOUNT_STATEMENT_XLSX_COLUMNS,
  PAYOUT_STATEMENT_COLUMNS,
  RECAP_COLUMNS,
  SHARE_RULES_PATH,
  issuedPayoutStatementPath,
  payoutStatementPath,
  DEFAULT_PNM_LAYOUT,
  DOCUMENT_PACK_PATH,
  EMPTY_FLUX_FILTERS,
  FEC_COLUMNS,
  SAGE_CSV_HEADER,
  documentPackSummaryHeader,
  overdueListTable,
  STATISTICS_BILLING_COLUMNS,
  type IssuedReminder,
} from '@gdf/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, closeRestContext, openRestContext, seedDocument, type RestContext } from '../rest/rest-context';
import { insertFlux } from '../documents/document-fixtures';
import { readZip } from '../documents/zip-tools';
import { collectionDate, generate } from '../sepa/sepa-support';
import { testDatabaseTargets } from '../support/databases';
import { TEST_TODAY } from '../support/test-app';
import {
  delimitedCells,
  delimitedFile,
  expectGuarded,
  fixedWidthFile,
  pdfFile,
  xlsxFile,
  xmlFile,
  type CheckedFile,
} from './file-checks';
import { HIDDEN, HOSTILE_TEXTS, NUL_TEXT, writeHostileText, type TypedTextColumns } from './hostile-data';

/** A file given out, and whether a spreadsheet may open it (R-SEC-16 applies then). */
interface Emitted {
  file: CheckedFile;
  spreadsheet: boolean;
}

interface Fixture {
  context: RestContext;
  /** A facture, its avoir, and an avis de prélèvement (a relaunched direct debit), of the club. */
  flux: { facture: number; avoir: number; avis: number };
  documentId: number;
}

const SUMMARY_COLUMNS = documentPackSummaryHeader().replace('\uFEFF', '').trim().split(';');
const SAGE_CSV_COLUMNS = SAGE_CSV_HEADER.trim().split(';');
const OVERDUE_COLUMNS = overdueListTable([], '2026-01-01').table.columns;
const PERIOD = 'from=2026-10-01&to=2026-10-31';

const latin9 = (bytes: Buffer) => new TextDecoder('iso-8859-15').decode(bytes);
const textOf = (response: LightMyRequestResponse) =>
  /iso-8859-15/i.test(String(response.headers['content-type'])) ? latin9(response.rawPayload) : response.body;

function ok(response: LightMyRequestResponse, what: string): LightMyRequestResponse {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(200);
  return response;
}

/** The entries of a ZIP the product writes: PDFs, the packs' sommaire.csv, XML. */
function zipEntries(name: string, bytes: Buffer): Emitted[] {
  const entries = [...readZip(bytes)];
  expect(entries.length, name).toBeGreaterThan(0);
  return entries.map(([entry, content]) => {
    const at = `${name} > ${entry}`;
    if (entry.endsWith('.pdf')) return { file: pdfFile(at, content), spreadsheet: false };
    if (entry.endsWith('.csv'))
      return { file: delimitedFile(at, content.toString('utf8'), ';', SUMMARY_COLUMNS), spreadsheet: true };
    if (entry.endsWith('.xml')) return { file: xmlFile(at, content), spreadsheet: false };
    throw new Error(`${at}: no check for this kind of entry`);
  });
}

/**
 * Every route that gives out a file the product writes, and how to get it from the hostile
 * data. A route whose path names a file (.pdf, .xml, .zip, .xlsx, .csv, /file, /fichier) must
 * be here or in STORED_AS_UPLOADED: the first test fails otherwise.
 */
const FILE_ROUTES: Record<string, (fixture: Fixture) => Promise<Emitted[]>> = {
  'GET /api/flux/:id/facture.pdf': async ({ context, flux }) =>
    Promise.all(
      Object.entries(flux).map(async ([kind, id]) => {
        const url = `/api/flux/${id}/facture.pdf`;
        const response = ok(await get(context, context.tokens.club, url), url);
        return { file: pdfFile(`${url} (${kind})`, response.rawPayload), spreadsheet: false };
      }),
    ),
  'GET /api/creation-factures/brouillons/:id/apercu.pdf': async ({ context }) => {
    // The head office's draft for the club: its name, address and correspondent are the hostile data.
    const echeance = parisToday(new Date(Date.now() + 30 * 86_400_000));
    const created = await context.app.inject({
      method: 'POST',
      url: DRAFTS_URL,
      headers: bearer(context.tokens.siege),
      payload: {
        structureId: context.clubId,
        libelle: 'Stage',
        categorie: 4,
        echeance,
        lignes: [{ libelle: 'Journée de stage', tarifId: null, prixUnitaireCentimes: 4_500, quantite: 1 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = draftPreviewUrl(created.json<{ id: number }>().id);
    const response = ok(await get(context, context.tokens.siege, url), url);
    return [{ file: pdfFile(url, response.rawPayload), spreadsheet: false }];
  },
  'GET /api/flux/:id/releve.pdf': async ({ context, flux }) =>
    Promise.all(
      Object.values(flux).map(async (id) => {
        const url = `/api/flux/${id}/releve.pdf`;
        const response = ok(await get(context, context.tokens.club, url), url);
        return { file: pdfFile(url, response.rawPayload), spreadsheet: false };
      }),
    ),
  'GET /api/flux/:id/facture.xml': async ({ context, flux }) =>
    Promise.all(
      [flux.facture, flux.avoir].map(async (id) => {
        const url = `/api/flux/${id}/facture.xml`;
        const response = ok(await get(context, context.tokens.club, url), url);
        return { file: xmlFile(url, response.rawPayload), spreadsheet: false };
      }),
    ),
  'POST /api/flux/documents/pack.zip': async ({ context }) => {
    const response = ok(
      await context.app.inject({
        method: 'POST',
        url: DOCUMENT_PACK_PATH,
        headers: bearer(context.tokens.club),
        payload: {
          filters: { ...EMPTY_FLUX_FILTERS, season: 2027, startDate: '2026-10-08', endDate: '2026-10-08' },
          kinds: ['facture', 'releve'],
        },
      }),
      DOCUMENT_PACK_PATH,
    );
    return zipEntries(DOCUMENT_PACK_PATH, response.rawPayload);
  },
  'GET /api/structures/:id/releve-de-compte': async ({ context }) => {
    const base = `/api/structures/${context.clubId}/releve-de-compte?du=2026-10-01&au=2026-10-31`;
    const pdf = ok(await get(context, context.tokens.club, `${base}&format=pdf`), base);
    const xlsx = ok(await get(context, context.tokens.club, `${base}&format=xlsx`), base);
    return [
      { file: pdfFile(`${base} (pdf)`, pdf.rawPayload), spreadsheet: false },
      { file: xlsxFile(`${base} (xlsx)`, xlsx.rawPayload, ACCOUNT_STATEMENT_XLSX_COLUMNS), spreadsheet: true },
    ];
  },
  'GET /api/releves-de-compte/:id': async ({ context }) => {
    const issued = await get(
      context,
      context.tokens.club,
      `/api/structures/${context.clubId}/releve-de-compte?du=2026-10-01&au=2026-10-31&format=pdf`,
    );
    const url = `/api/releves-de-compte/${String(issued.headers['x-releve-id'])}`;
    const pdf = ok(await get(context, context.tokens.club, `${url}?format=pdf`), url);
    const xlsx = ok(await get(context, context.tokens.club, `${url}?format=xlsx`), url);
    return [
      { file: pdfFile(`${url} (pdf)`, pdf.rawPayload), spreadsheet: false },
      { file: xlsxFile(`${url} (xlsx)`, xlsx.rawPayload, ACCOUNT_STATEMENT_XLSX_COLUMNS), spreadsheet: true },
    ];
  },
  'GET /api/structures/:id/releve-de-reversements': async ({ context }) => {
    const { url } = await payoutStatement(context);
    const pdf = ok(await get(context, context.tokens.siege, `${url}&format=pdf`), url);
    const xlsx = ok(await get(context, context.tokens.siege, `${url}&format=xlsx`), url);
    return [
      { file: pdfFile(`${url} (pdf)`, pdf.rawPayload), spreadsheet: false },
      { file: xlsxFile(`${url} (xlsx)`, xlsx.rawPayload, PAYOUT_STATEMENT_COLUMNS), spreadsheet: true },
    ];
  },
  'GET /api/releves-de-reversements/:id': async ({ context }) => {
    const issued = await get(context, context.tokens.siege, `${(await payoutStatement(context)).url}&format=pdf`);
    const url = issuedPayoutStatementPath(Number(issued.headers['x-releve-id']));
    const pdf = ok(await get(context, context.tokens.siege, `${url}?format=pdf`), url);
    const xlsx = ok(await get(context, context.tokens.siege, `${url}?format=xlsx`), url);
    return [
      { file: pdfFile(`${url} (pdf)`, pdf.rawPayload), spreadsheet: false },
      { file: xlsxFile(`${url} (xlsx)`, xlsx.rawPayload, PAYOUT_STATEMENT_COLUMNS), spreadsheet: true },
    ];
  },
  // R-RECAP-04: a club's 'Récapitulatif mensuel', issued by the head office, read by the club.
  'GET /api/recapitulatifs/:id': async ({ context }) => {
    const issued = await context.app.inject({
      method: 'POST',
      url: `/api/structures/${context.clubId}/recapitulatifs`,
      payload: { mois: '2026-10' },
      headers: bearer(context.tokens.siege),
    });
    const url = `/api/recapitulatifs/${(issued.json() as { id: number }).id}`;
    const pdf = ok(await get(context, context.tokens.club, `${url}?format=pdf`), url);
    const xlsx = ok(await get(context, context.tokens.club, `${url}?format=xlsx`), url);
    return [
      { file: pdfFile(`${url} (pdf)`, pdf.rawPayload), spreadsheet: false },
      { file: xlsxFile(`${url} (xlsx)`, xlsx.rawPayload, RECAP_COLUMNS), spreadsheet: true },
    ];
  },
  // R-STAT-09: the statistics' workbook, its first worksheet checked like every xlsx.
  'GET /api/statistiques/export': async ({ context }) => {
    const url = '/api/statistiques/export';
    const response = ok(await get(context, context.tokens.siege, url), url);
    return [{ file: xlsxFile(`${url} (xlsx)`, response.rawPayload, STATISTICS_BILLING_COLUMNS), spreadsheet: true }];
  },
  'GET /api/impayes': async ({ context }) => {
    const response = ok(await get(context, context.tokens.siege, '/api/impayes?format=xlsx'), '/api/impayes');
    return [{ file: xlsxFile('/api/impayes (xlsx)', response.rawPayload, OVERDUE_COLUMNS), spreadsheet: true }];
  },
  'GET /api/impayes/relances/:id/lettre.pdf': async ({ context }) => {
    const id = await reminderId(context);
    const url = `/api/impayes/relances/${id}/lettre.pdf`;
    const response = ok(await get(context, context.tokens.siege, url), url);
    return [{ file: pdfFile(url, response.rawPayload), spreadsheet: false }];
  },
  'GET /api/impayes/relances.zip': async ({ context }) => {
    const url = `/api/impayes/relances.zip?ids=${await reminderId(context)}`;
    return zipEntries(url, ok(await get(context, context.tokens.siege, url), url).rawPayload);
  },
  'POST /api/exports/sepa/prelevements': async ({ context }) => {
    const response = await sepaFile(context);
    return [{ file: xmlFile('POST /api/exports/sepa/prelevements', response.rawPayload), spreadsheet: false }];
  },
  'GET /api/exports/sepa/batches/:id/file': async ({ context }) => {
    const batch = String((await sepaFile(context)).headers['x-sepa-batch-id']);
    const url = `/api/exports/sepa/batches/${batch}/file`;
    return [
      { file: xmlFile(url, ok(await get(context, context.tokens.siege, url), url).rawPayload), spreadsheet: false },
    ];
  },
  'GET /api/exports/sepa/virements/:id/fichier': async ({ context }) => {
    // R-PAY-07: the club's refund, paid to its RIB holder and address (the hostile texts).
    await insertFlux(context.database, {
      name: HOSTILE_TEXTS[3]!,
      categoryId: 6,
      isDebit: false,
      structureId: context.clubId,
      seasonId: 2027,
      amount: '12.00',
    });
    const dateExecution = nextTargetDay(addCalendarDays(parisToday(), 1));
    const generated = await context.app.inject({
      method: 'POST',
      url: PAYOUTS_PATH,
      headers: bearer(context.tokens.siege),
      payload: { dateExecution, remboursements: true },
    });
    expect(generated.statusCode, generated.body).toBe(201);
    const url = `${PAYOUTS_PATH}/${generated.json<{ id: number }>().id}/fichier`;
    return [
      { file: xmlFile(url, ok(await get(context, context.tokens.siege, url), url).rawPayload), spreadsheet: false },
    ];
  },
  'GET /api/exports/sage': async ({ context }) => {
    const pnm = ok(await get(context, context.tokens.club, `/api/exports/sage?${PERIOD}`), 'PNM');
    const csv = ok(await get(context, context.tokens.club, `/api/exports/sage?${PERIOD}&format=csv`), 'SAGE CSV');
    return [
      { file: fixedWidthFile('/api/exports/sage (PNM)', textOf(pnm), DEFAULT_PNM_LAYOUT), spreadsheet: true },
      { file: delimitedFile('/api/exports/sage (CSV)', textOf(csv), ';', SAGE_CSV_COLUMNS), spreadsheet: true },
    ];
  },
  'GET /api/exports/fec': async ({ context }) => [
    { file: delimitedFile('/api/exports/fec', textOf(await fec(context)), '\t', FEC_COLUMNS), spreadsheet: true },
  ],
  'GET /api/exports/sage/historique/:id/fichier': async ({ context }) => {
    await fec(context);
    const history = ok(await get(context, context.tokens.club, '/api/exports/sage/historique'), 'historique');
    const files = history.json<{ fichiers: Array<{ id: number; format: string }> }>().fichiers;
    expect(files.length).toBeGreaterThan(0);
    return Promise.all(
      files.map(async ({ id, format }) => {
        const url = `/api/exports/sage/historique/${id}/fichier`;
        const text = textOf(ok(await get(context, context.tokens.club, url), url));
        const name = `${url} (${format})`;
        const file =
          format === 'fec'
            ? delimitedFile(name, text, '\t', FEC_COLUMNS)
            : format === 'csv'
              ? delimitedFile(name, text, ';', SAGE_CSV_COLUMNS)
              : fixedWidthFile(name, text, DEFAULT_PNM_LAYOUT);
        return { file, spreadsheet: true };
      }),
    );
  },
};

/** Routes that send back bytes a user uploaded, as uploaded: only the name they are sent under is the product's. */
const STORED_AS_UPLOADED = ['GET /api/files/structure_document/:id', 'GET /api/structures/:id/avatar'];

/** A path that names a file it gives out. */
const FILE_LIKE_PATH = /\.(pdf|xml|zip|xlsx|csv|txt)$|\/(file|fichier)$/;

const get = (context: RestContext, token: string, url: string) =>
  context.app.inject({ method: 'GET', url, headers: bearer(token) });

let reminder: Promise<number> | undefined;
/** One reminder letter to the club, issued once by the head office. */
function reminderId(context: RestContext): Promise<number> {
  reminder ??= (async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/impayes/relances',
      headers: bearer(context.tokens.siege),
      payload: { structureIds: [context.clubId] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ relances: IssuedReminder[] }>().relances[0]!.id;
  })();
  return reminder;
}

let payoutShares: Promise<{ url: string }> | undefined;
/**
 * R-PAY-09: the ligue of the club's département earns 10 % of a licence the club paid (the
 * club's and the category's names are the hostile texts); its relevé de reversements' URL.
 */
function payoutStatement(context: RestContext): Promise<{ url: string }> {
  payoutShares ??= (async () => {
    const [ligue] = await context.database.query<{ id: number }>(
      `SELECT su."ID_Structure" AS id FROM "UTI_Login" l JOIN "STR_StructureUtilisateur" su ON su."ID_Utilisateur" = l."ID_Utilisateur"
        WHERE l."Email" = 'ligue@demo.fr' ORDER BY su.id LIMIT 1`,
    );
    await context.database.query(
      `UPDATE "ADR_Departement" d SET "ID_Ligue" = $2 FROM "STR_Structure" s WHERE s.id = $1 AND d.id = s."ID_Departement"`,
      [context.clubId, ligue!.id],
    );
    const rule = { categorie: 1, niveau: 'ligue', mode: 'taux', valeur: 1_000, saisonDebut: 2027 };
    const saved = await context.app.inject({
      method: 'PUT',
      url: SHARE_RULES_PATH,
      headers: bearer(context.tokens.siege),
      payload: rule,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sale = await insertFlux(context.database, {
      name: HOSTILE_TEXTS[1]!,
      categoryId: 1,
      structureId: context.clubId,
      seasonId: 2027,
      amount: '80.00',
    });
    await context.database.query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = TRUE WHERE id = $1`, [sale]);
    const today = parisToday();
    return { url: `${payoutStatementPath(ligue!.id)}?du=${addCalendarDays(today, -30)}&au=${today}` };
  })();
  return payoutShares;
}

let sepa: Promise<LightMyRequestResponse> | undefined;
/** One SEPA file of the head office, generated once. */
function sepaFile(context: RestContext): Promise<LightMyRequestResponse> {
  sepa ??= generate(context.app, context.tokens.siege, { dateEcheance: collectionDate() }).then((response) =>
    ok(response, 'SEPA'),
  );
  return sepa;
}

async function fec(context: RestContext): Promise<LightMyRequestResponse> {
  const years = ok(await get(context, context.tokens.club, '/api/parametrages-comptables/exercices'), 'exercices');
  const current = years
    .json<{ exercices: Array<{ id: number; debut: string }> }>()
    .exercices.find((year) => year.debut === '2026-09-01');
  const url = `/api/exports/fec?exercice=${current?.id}`;
  return ok(await get(context, context.tokens.club, url), url);
}

/**
 * R-SEC-16, R-SEC-17: every file type the product emits, built from data whose every text a user
 * can set (names, addresses, labels, people, RIB holders, accounting labels, file names...)
 * holds a formula, '@SUM(1)', U+202E, U+200B, an isolate: no cell of a file a spreadsheet opens
 * starts a formula, and no bidi or zero-width character survives in any file, PDF text and
 * metadata included. The columns of each spreadsheet are the writers' own lists, and the text
 * columns come from the schema, so a new writer, column or table is covered by default.
 */
describe.each(testDatabaseTargets())('every file the product emits, from hostile text, on $name', (target) => {
  const fixture = {} as Fixture;
  let typed: TypedTextColumns[];

  beforeAll(async () => {
    reminder = undefined;
    sepa = undefined;
    payoutShares = undefined;
    const context = await openRestContext(target, { ledgerClock: () => TEST_TODAY });
    fixture.context = context;
    fixture.documentId = await seedDocument(context, context.clubId);
    typed = await writeHostileText(context.database);
    const flux = (name: string, patch: { isDebit?: boolean; categoryId?: number } = {}) =>
      insertFlux(context.database, {
        name,
        categoryId: patch.categoryId ?? 1,
        isDebit: patch.isDebit,
        structureId: context.clubId,
        seasonId: 2027,
        amount: '120.00',
        createdAt: '2026-10-08T09:30:00Z',
        dueDate: '2026-10-20',
        lines: [{ label: HOSTILE_TEXTS[1], unitPrice: '120.00', quantity: 1 }],
      });
    const facture = await flux(HOSTILE_TEXTS[0]);
    const avoir = await flux(HOSTILE_TEXTS[2], { isDebit: false });
    await context.database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierDebit" = $2 WHERE id = $1`, [
      avoir,
      facture,
    ]);
    const relaunched = await flux(HOSTILE_TEXTS[3], { categoryId: 5 });
    const avis = await flux(HOSTILE_TEXTS[0], { categoryId: 5 });
    await context.database.query(`UPDATE "MKP_FluxFinancier" SET "ID_FluxFinancierRelance" = $2 WHERE id = $1`, [
      relaunched,
      avis,
    ]);
    fixture.flux = { facture, avoir, avis };
  });
  afterAll(() => closeRestContext(fixture.context));

  it('every route whose path names a file is exercised here, and every one listed exists', () => {
    const routes = fixture.context.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    const fileLike = routes.filter((route) => FILE_LIKE_PATH.test(route.split(' ')[1]!));
    expect(fileLike.filter((route) => !(route in FILE_ROUTES) && !STORED_AS_UPLOADED.includes(route))).toEqual([]);
    expect([...Object.keys(FILE_ROUTES), ...STORED_AS_UPLOADED].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('the hostile text is in every typed column; a NUL is refused by the database itself', async () => {
    expect(typed.map((entry) => entry.table)).toEqual(
      expect.arrayContaining([
        'STR_Structure',
        'ADR_Adresse',
        'UTI_Utilisateur',
        'STR_StructureRib',
        'STR_AffiliationTemporaire',
        'MKP_FluxFinancier',
        'MKP_FluxFinancierDetail',
        'MKP_Tarif',
        'CPT_Compte',
        'DOC_Document',
      ]),
    );
    const [structure] = await fixture.context.database.query<{ name: string }>(
      `SELECT "NomStructure" AS name FROM "STR_Structure" WHERE id = $1`,
      [fixture.context.clubId],
    );
    expect(structure!.name).toMatch(HIDDEN);
    await expect(fixture.context.database.query('SELECT $1::text AS t', [NUL_TEXT])).rejects.toThrow();
  });

  it.each(Object.keys(FILE_ROUTES))(
    '%s: no cell starts a formula, no bidi or zero-width character survives',
    async (route) => {
      const emitted = await FILE_ROUTES[route]!(fixture);
      expect(emitted.length).toBeGreaterThan(0);
      const fed = emitted.flatMap(({ file, spreadsheet }) =>
        expectGuarded(file, spreadsheet).map((c) => `${file.name} [${c}]`),
      );
      // Built from the hostile text: at least one of its texts shows what is left of it.
      expect(fed, `${route}: no hostile text reached it`).not.toEqual([]);
    },
  );

  it('a stored upload is sent under its name without hidden characters', async () => {
    const response = ok(
      await get(fixture.context, fixture.context.tokens.club, `/api/files/structure_document/${fixture.documentId}`),
      'document',
    );
    const disposition = String(response.headers['content-disposition']);
    const utf8Name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '');
    expect(utf8Name).toMatch(/cmd\||SUM\(1\)|evil/);
    expect(utf8Name).not.toMatch(HIDDEN);
    expect(delimitedCells(disposition, ';').join(';')).not.toMatch(HIDDEN);
  });
});
