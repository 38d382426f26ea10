import {
  BANK_ENTRY_FILTERS,
  BANK_STATEMENT_MAX_BYTES,
  BANK_STATEMENTS_URL,
  confirmReconciliationSchema,
  type BankEntryFilter,
} from '@gdf/domain';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Database } from '../../db/database';
import { badRequest } from '../../lib/http-errors';
import { uploadedFileName } from '../../lib/uploaded-file-name';
import { resolveScope } from '../../plugins/scope';
import type { JobRuntime } from '../jobs/job-runtime';
import { jobView } from '../jobs/jobs.service';
import { importOrQueue, type BankImportBackground } from './bank-import-job';
import { listStatements, searchOpenFlux, statementEntries, type BankAccountsSettings } from './bank-statements.service';
import { confirmReconciliation, undoReconciliation } from './reconciliation.service';

/** The file's name travels URL-encoded in this header (the body is the file itself). */
const FILE_NAME_HEADER = 'x-file-name';
const FILE_TYPES = ['application/xml', 'text/xml', 'text/plain', 'application/octet-stream'];
const TAGS = ['Relevés bancaires'];

const options = (summary: string, extra: RouteShorthandOptions = {}): RouteShorthandOptions => ({
  config: { auth: 'user' },
  schema: { summary, tags: TAGS },
  ...extra,
});

/** Bank statements and reconciliation (R-BANK-01 to R-BANK-07), in the SEPA section, head office only. */
export async function registerBankStatementRoutes(
  app: FastifyInstance,
  database: Database,
  accounts: BankAccountsSettings,
  jobs?: JobRuntime,
  background?: BankImportBackground,
): Promise<void> {
  await app.register(async (scoped) => {
    // Encapsulated: the raw body parser applies to the import route's content types only.
    scoped.addContentTypeParser(FILE_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scoped.post(
      BANK_STATEMENTS_URL,
      {
        config: { auth: 'user', event: 'releve_bancaire.import' },
        // A little room over the reader's own limit, which answers with the French message.
        bodyLimit: BANK_STATEMENT_MAX_BYTES + 64 * 1024,
        schema: {
          summary: 'Importe un relevé bancaire du siège (camt.053 ou CFONB 120)',
          description:
            'Corps : le fichier lui-même (camt.053.001.02 à .08 en XML, ou CFONB 120 en texte, 5 Mo au maximum) ; ' +
            'nom du fichier dans X-File-Name (encodé URL). Au-delà de 2 000 écritures ou 1 Mo, l’import se fait ' +
            'en arrière-plan : réponse 202 avec le traitement, à suivre dans « Mes traitements ».',
          tags: TAGS,
        },
      },
      async (request, reply) => {
        const scope = await resolveScope(request, database);
        const answer = await importOrQueue(database, jobs, scope, accounts, statementFile(request), background);
        // A large file is a job (R-JOB-07): 202 with it, followed in 'Mes traitements'.
        if ('job' in answer) return reply.code(202).send({ traitement: jobView(answer.job, scope.actor) });
        return answer.done;
      },
    );
  });

  app.get(BANK_STATEMENTS_URL, options('Relevés bancaires du siège et leur avancement'), async (request) =>
    listStatements(database, await resolveScope(request, database)),
  );

  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(
    `${BANK_STATEMENTS_URL}/:id/ecritures`,
    options('Écritures d’un relevé, avec les propositions de rapprochement'),
    async (request) =>
      statementEntries(database, await resolveScope(request, database), positiveId(request.params.id), {
        filtre: entryFilter(request.query.filtre),
        page: pageNumber(request.query.page, 1),
        taille: pageNumber(request.query.taille, 50),
      }),
  );

  app.get<{ Querystring: { q?: string } }>(
    `${BANK_STATEMENTS_URL}/flux-ouverts`,
    options('Flux à régler du périmètre (recherche pour un rapprochement manuel)'),
    async (request) => searchOpenFlux(database, await resolveScope(request, database), String(request.query.q ?? '')),
  );

  app.post<{ Params: { id: string } }>(
    `${BANK_STATEMENTS_URL}/ecritures/:id/rapprochement`,
    options('Rapproche un crédit de flux (confirmation, correction ou répartition)'),
    async (request) => {
      const body = confirmReconciliationSchema.safeParse(request.body);
      if (!body.success) {
        throw badRequest('Requête invalide : parts attendues [{ ID_FluxFinancier, montantCents }] (entiers positifs).');
      }
      return confirmReconciliation(
        database,
        await resolveScope(request, database),
        positiveId(request.params.id),
        body.data,
      );
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${BANK_STATEMENTS_URL}/ecritures/:id/rapprochement`,
    options('Annule le rapprochement d’un crédit'),
    async (request) =>
      undoReconciliation(database, await resolveScope(request, database), positiveId(request.params.id)),
  );
}

function positiveId(value: string): number {
  const id = Number(value);
  if (!/^\d{1,10}$/.test(value) || id < 1 || id > 2_147_483_647) throw badRequest('Identifiant invalide.');
  return id;
}

function pageNumber(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1) throw badRequest('Numéro ou taille de page invalide.');
  return Number(value);
}

function entryFilter(value: string | undefined): BankEntryFilter {
  if (value === undefined || value === '') return 'a_traiter';
  if (!(BANK_ENTRY_FILTERS as readonly string[]).includes(value)) {
    throw badRequest(`Filtre invalide : ${BANK_ENTRY_FILTERS.join(', ')} attendu.`);
  }
  return value as BankEntryFilter;
}

function statementFile(request: FastifyRequest) {
  if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
    throw badRequest('Requête invalide : le fichier du relevé est attendu dans le corps de la requête.');
  }
  return { fileName: uploadedFileName(request.headers[FILE_NAME_HEADER], 'releve-bancaire'), bytes: request.body };
}
