import {
  actionGrant,
  closingRefusal,
  fiscalYearSettingsSchema,
  LEDGER_VALIDATION,
  ModuleSlug,
  parisToday,
  PermissionAction,
  validationInputSchema,
  validationRefusal,
  type FiscalYearsResponse,
  type ValidationResult,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../lib/http-errors';
import { parseInput } from '../../lib/validation';
import { SETTINGS_MODULES } from '../accounting-settings/accounting-settings.service';
import { hasGrant, hasModule, requireGrant, requireModule, type RequestScope } from '../scope/scope';
import { booksOwner } from './books';
import {
  dropFiscalYears,
  ensureFiscalYears,
  fiscalYearView,
  hasValidation,
  listFiscalYears,
  listValidations,
  loadStartMonth,
  lockBooks,
  updateStartMonth,
} from './fiscal-years.repository';
import { conflict, type ValidationRequest } from './ledger-validation';
import { LEDGER_VALIDATION_JOB, validationJobLabel, type ValidationJobInput } from './ledger-validation-job';
import type { JobRuntime } from '../jobs/job-runtime';
import { jobOutcome, type JobOutcomeView } from '../jobs/jobs.service';

// What the Sage export reads of the books: it reaches them through this service.
export { booksOwner, booksScope, type BooksOwner } from './books';
export {
  ledgerEntries,
  openBooks,
  openingEntries,
  stagedEntries,
  stageUnbookedEntries,
  type Books,
} from './ledger-entries';

/** Reading the years: the SAGE export page or any Paramétrages comptables page. */
function requireBooksRead(scope: RequestScope) {
  if (![ModuleSlug.ExportSage, ...SETTINGS_MODULES].some((slug) => hasModule(scope, slug))) {
    requireModule(scope, ModuleSlug.ExportSage);
  }
}

/** Fiscal years, their validation and closing, for the current structure's books (R-LEDG-06 to R-LEDG-09). */
export function createLedgerService(database: Database, jobs: JobRuntime, now: () => Date = () => new Date()) {
  async function fiscalYears(scope: RequestScope): Promise<FiscalYearsResponse> {
    const structureId = scope.currentStructureId;
    await ensureFiscalYears(database, booksOwner(scope), parisToday(now()));
    const years = await listFiscalYears(database, structureId);
    const validations = await listValidations(database, structureId);
    return {
      moisDebut: await loadStartMonth(database, structureId),
      moisDebutModifiable: validations.length === 0,
      peutValider: hasGrant(scope, LEDGER_VALIDATION),
      exercices: years.map((year) => fiscalYearView(year, validations)),
    };
  }

  return {
    fiscalYears(scope: RequestScope) {
      requireBooksRead(scope);
      return fiscalYears(scope);
    },

    /** The start month, while nothing is validated: the years are drawn again from it. */
    async setStartMonth(scope: RequestScope, body: unknown): Promise<FiscalYearsResponse> {
      const { moisDebut } = parseInput(fiscalYearSettingsSchema, body);
      requireGrant(scope, actionGrant(ModuleSlug.ParamFluxFinancier, PermissionAction.Ecriture));
      const structureId = scope.currentStructureId;
      await database.transaction(async (tx) => {
        await lockBooks(tx, structureId);
        if (await hasValidation(tx, structureId)) {
          throw new HttpError(
            409,
            'Des écritures sont validées : le début de l’exercice ne peut plus changer.',
            'conflict',
          );
        }
        if (!(await updateStartMonth(tx, structureId, moisDebut))) {
          throw badRequest(
            'Paramètres comptables absents : renseignez d’abord la règle du compte tiers (Paramétrages comptables > Flux financier).',
          );
        }
        await dropFiscalYears(tx, structureId, scope.actor.userId, moisDebut);
      });
      return fiscalYears(scope);
    },

    async validate(scope: RequestScope, exerciceId: number, body: unknown): Promise<ValidationOutcome> {
      const { jusquau } = parseInput(validationInputSchema, body);
      requireGrant(scope, LEDGER_VALIDATION);
      return runAsJob(scope, { exerciceId, jusquau, closing: false, today: parisToday(now()) });
    },

    async close(scope: RequestScope, exerciceId: number): Promise<ValidationOutcome> {
      requireGrant(scope, LEDGER_VALIDATION);
      const today = parisToday(now());
      return runAsJob(scope, { exerciceId, jusquau: today, closing: true, today });
    },
  };

  /**
   * A validation or closing runs as a job (R-JOB-01): refused at once as before when the
   * year says no; otherwise queued, and answered with its result when it ends within a few
   * seconds, else with the job (202) that 'Mes traitements' and the dialog follow.
   */
  async function runAsJob(scope: RequestScope, request: ValidationRequest): Promise<ValidationOutcome> {
    const owner = booksOwner(scope);
    // One transaction: a refusal leaves no year drawn on the way (R-SEC-20).
    const { year, jusquau } = await database.transaction(async (tx) => {
      await ensureFiscalYears(tx, owner, request.today);
      const years = await listFiscalYears(tx, owner.structureId);
      const index = years.findIndex((y) => y.id === request.exerciceId);
      const found = years[index];
      if (!found) throw notFound('Exercice introuvable');
      const end = request.closing ? found.fin : request.jusquau;
      const refusal = request.closing
        ? closingRefusal(found, years.slice(0, index), request.today)
        : validationRefusal(found, end, request.today);
      if (refusal) throw conflict(refusal);
      return { year: found, jusquau: end };
    });
    const input: ValidationJobInput = { ...request, structureType: owner.structureType };
    const job = await jobs.enqueue(
      LEDGER_VALIDATION_JOB,
      { userId: owner.userId, structureId: owner.structureId },
      input,
      { label: validationJobLabel(year, jusquau, request.closing), key: `livre:${owner.structureId}` },
    );
    const row = await jobs.waitFor(job.id, jobs.settings.waitMs);
    return jobOutcome<ValidationResult>(row, scope.actor);
  }
}

export type ValidationOutcome = JobOutcomeView<ValidationResult>;
