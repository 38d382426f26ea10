import {
  addCalendarDays,
  closingRefusal,
  fiscalYearLabel,
  validationRefusal,
  validationSteps,
  type StructureTypeId,
  type ValidationResult,
} from '@gdf/domain';
import { writeAuditRows } from '../../db/audit-log';
import type { DatabaseSession } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { badRequest, HttpError, notFound } from '../../lib/http-errors';
import type { JobContext, JobKind } from '../jobs/job-kind';
import type { BooksOwner } from './books';
import { fiscalYearView, listFiscalYears, listValidations, lockBooks } from './fiscal-years.repository';
import { lockedFiscalYears } from './fiscal-years.service';
import { analyzeStage, dropStage, stagedDays } from './ledger-stage.repository';
import { insertValidation, markYearValidated, readYearState, updateValidation } from './validation.repository';
import {
  BACKGROUND_ENTRY_BATCH,
  openBooks,
  STAGING_CHANGED_MESSAGE,
  stagedEntries,
  stageUnbookedEntries,
  type StageTable,
} from './ledger-entries';
import {
  conflict,
  NO_NEXT_YEAR_MESSAGE,
  unmappedMessage,
  validationAuditRow,
  writeEntries,
  writeOpeningEntry,
} from './ledger-validation';

/** The queue and kind of 'Valider les écritures' and 'Clôturer l'exercice' as a job (R-JOB-01). */
export const LEDGER_VALIDATION_JOB = 'validation_ecritures';

export interface ValidationJobInput {
  exerciceId: number;
  /** Ignored when closing: a closing validates to the year's end. */
  jusquau: string;
  closing: boolean;
  /** The validation day (FEC ValidDate), fixed when asked: a job resumed the next day keeps it. */
  today: string;
  structureType: StructureTypeId;
}

/** Where a validation job resumes: what its committed steps validated. */
export interface ValidationCheckpoint {
  /** The CPT_Validation row the job's steps fill (made by its first step). */
  validationId: number | null;
  /** The year's validated day after the job's last step. */
  reached: string | null;
  ecritures: number;
  journaux: Record<string, number>;
  /** Set by the last step: the job is done. */
  result: ValidationResult | null;
}

export interface ValidationJobSettings {
  /** Entries a step writes, about (whole days): one bounded transaction each. */
  stepEntries: number;
  /**
   * Days of entry dates staged per transaction (default: the whole range at once). On PGlite a
   * head office's year staged at once held the embedded database for seconds: a few days at a
   * time, each in its own short transaction, let others' statements in between (R-OPS-10).
   */
  stageDays?: number;
}

const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const validationJobMessages = {
  label: (yearLabel: string, jusquau: string, closing: boolean) =>
    closing
      ? `Clôture de l’exercice ${yearLabel}`
      : `Validation des écritures ${yearLabel} jusqu’au ${frenchDay(jusquau)}`,
  preparing: 'Préparation des écritures à valider',
  validatedTo: (day: string) => `Écritures validées jusqu’au ${frenchDay(day)}`,
  closing: 'Clôture et à-nouveaux',
  booksMoved:
    'Les écritures de cet exercice ont été validées par ailleurs pendant le traitement : ce qui est validé reste acquis, relancez la suite.',
} as const;

/** Stagings of one attempt at most: flux changed under a long job are staged again, not forever. */
const MAX_STAGINGS = 3;

const isStagingChange = (error: unknown) =>
  error instanceof HttpError && error.statusCode === 409 && error.message === STAGING_CHANGED_MESSAGE;

/**
 * 'Valider les écritures' and 'Clôturer l'exercice' as a job (R-LEDG-07, R-LEDG-09, R-LEDG-13,
 * R-JOB-02): the unbooked entries are staged once under the books' lock into a temporary table of
 * the job's session, then written a few days at a time, each step in its own transaction under
 * the lock, moving the year's validated day and the job's checkpoint with its entries. Between
 * steps the books are validated to a day, as after any validation, and the embedded database
 * answers others. A step cut short rolls back whole; a new attempt stages again from the
 * validated day, numbering on from the last number written: the same entries, numbers and
 * lines as one uninterrupted validation, never twice. The last step closes the year and writes
 * its opening entry (closing), and the audit row.
 */
export function ledgerValidationJob(
  settings: ValidationJobSettings,
): JobKind<ValidationJobInput, ValidationCheckpoint> {
  return {
    type: LEDGER_VALIDATION_JOB,
    retryLimit: 10,
    async run(context) {
      if (context.checkpoint?.result) return { summary: { ...context.checkpoint.result } };
      // Shorter event-loop holds matter where other requests run beside the job (PostgreSQL); on the
      // embedded database every statement holds the one thread anyway, and more round trips only slow it.
      const batch = context.database.kind === 'postgres' ? BACKGROUND_ENTRY_BATCH : undefined;
      const stage: StageTable = { name: `cpt_traitement_${context.id}`, keep: true, batch };
      const result = await context.database.session(async (session) => {
        try {
          for (let staging = 1; ; staging++) {
            try {
              return await validateInSteps(context, session, stage, settings);
            } catch (error) {
              if (staging >= MAX_STAGINGS || !isStagingChange(error)) throw error;
            }
          }
        } finally {
          await dropStage(session, stage).catch(() => undefined);
        }
      });
      return { summary: { ...result } };
    },
    async onStop(tx, { id, owner, input, checkpoint }) {
      // What the committed steps validated stays: the audit says so, as a validation cut short.
      if (!checkpoint?.validationId || checkpoint.result || owner.userId === null) return;
      // Audited as a validation even when closing: the year is not closed.
      await writeAuditRows(tx, [
        validationAuditRow(owner, false, input.exerciceId, {
          jusquau: checkpoint.reached,
          ecritures: checkpoint.ecritures,
          journaux: checkpoint.journaux,
          interrompue: true,
          traitement: id,
        }),
      ]);
    },
  };
}

async function validateInSteps(
  context: JobContext<ValidationJobInput, ValidationCheckpoint>,
  session: DatabaseSession,
  stage: StageTable,
  settings: ValidationJobSettings,
): Promise<ValidationResult> {
  const { input } = context;
  const owner: BooksOwner = {
    structureId: context.owner.structureId,
    structureType: input.structureType,
    userId: context.owner.userId,
  };
  const structureId = owner.structureId;
  const start: ValidationCheckpoint = context.checkpoint ?? {
    validationId: null,
    reached: null,
    ecritures: 0,
    journaux: {},
    result: null,
  };
  await context.report({ done: start.ecritures, total: null, step: validationJobMessages.preparing });
  context.throwIfStopped();

  // Staged once per attempt, under the books' lock: the refusals, then the entries not booked
  // yet, a few days of entry dates per transaction (stageDays). Staging writes nothing but the
  // session's temporary table: a step cut short stages again from the start, and the books are
  // checked unchanged (validated day, not closed) under their lock at each transaction; the
  // numbers go on across transactions as in one staging (the sequence follows the date first).
  const stageDays = settings.stageDays ?? Number.POSITIVE_INFINITY;
  const stageEnd = (from: string, jusquau: string) =>
    Number.isFinite(stageDays) ? [addCalendarDays(from, stageDays - 1), jusquau].sort()[0]! : jusquau;
  const setup = await session.transaction(async (tx) => {
    const years = await lockedFiscalYears(tx, owner, input.today);
    const index = years.findIndex((y) => y.id === input.exerciceId);
    const year = years[index];
    if (!year) throw notFound('Exercice introuvable');
    const jusquau = input.closing ? year.fin : input.jusquau;
    if (start.validationId === null) {
      const refusal = input.closing
        ? closingRefusal(year, years.slice(0, index), input.today)
        : validationRefusal(year, jusquau, input.today);
      if (refusal) throw conflict(refusal);
    } else if (year.statut === 'cloture' || year.valideJusquau !== start.reached) {
      throw conflict(validationJobMessages.booksMoved);
    }
    const books = await openBooks(tx, owner, years);
    const nextYear = years[index + 1];
    if (input.closing && !nextYear) throw conflict(NO_NEXT_YEAR_MESSAGE);
    const upTo = stageEnd(year.debut, jusquau);
    const first = await stageUnbookedEntries(tx, books, year.debut, upTo, stage);
    return { year, jusquau, nextYear, books, stagedTo: upTo, ...first };
  });
  let { staged, unmapped, stagedTo } = setup;
  while (stagedTo < setup.jusquau) {
    context.throwIfStopped();
    const from = addCalendarDays(stagedTo, 1);
    const upTo = stageEnd(from, setup.jusquau);
    const more = await session.transaction(async (tx) => {
      await lockBooks(tx, structureId);
      await checkBooksUnchanged(tx, setup.year.id, setup.year.valideJusquau);
      return stageUnbookedEntries(tx, setup.books, from, upTo, stage, { append: true });
    });
    staged += more.staged;
    unmapped += more.unmapped;
    stagedTo = upTo;
  }
  if (unmapped > 0) throw badRequest(unmappedMessage(unmapped));
  // Statistics of the whole stage (the first transaction's were of its days only): the steps' keyset reads use the index.
  if (stagedTo !== setup.stagedTo) await analyzeStage(session, stage);
  const days = await stagedDays(session, stage);
  const plan = {
    year: setup.year,
    validatedBefore: setup.year.valideJusquau,
    nextYear: setup.nextYear,
    books: setup.books,
    total: start.ecritures + staged,
    steps: validationSteps(days, settings.stepEntries, setup.jusquau),
  };

  let checkpoint = start;
  for (const [index, step] of plan.steps.entries()) {
    const last = index === plan.steps.length - 1;
    checkpoint = await context.step(session, async (tx) => {
      await lockBooks(tx, structureId);
      await checkBooksUnchanged(tx, plan.year.id, checkpoint.reached ?? plan.validatedBefore);
      const validationId = checkpoint.validationId ?? (await newValidation(tx, owner, plan.year.id, step.to));
      const journaux = { ...checkpoint.journaux };
      let written = 0;
      for await (const batch of stagedEntries(tx, plan.books, step.from, step.to, undefined, stage)) {
        context.throwIfStopped();
        await writeEntries(tx, structureId, validationId, plan.year, input.today, batch);
        written += batch.length;
        for (const { entry } of batch) journaux[entry.journal] = (journaux[entry.journal] ?? 0) + 1;
      }
      const ecritures = checkpoint.ecritures + written;
      const closing = last && input.closing;
      const opening =
        closing && plan.nextYear
          ? await writeOpeningEntry(tx, structureId, validationId, plan.year, plan.nextYear, input.today)
          : null;
      await updateValidation(tx, validationId, { jusquau: step.to, entries: ecritures, closing });
      await markYearValidated(tx, plan.year.id, step.to, closing);
      let result: ValidationResult | null = null;
      if (last) {
        await writeAuditRows(tx, [
          validationAuditRow(owner, input.closing, plan.year.id, {
            jusquau: step.to,
            ecritures,
            journaux,
            ...(opening ? { aNouveaux: opening } : {}),
            traitement: context.id,
          }),
        ]);
        const updated = (await listFiscalYears(tx, structureId)).find((y) => y.id === plan.year.id)!;
        result = {
          exercice: fiscalYearView(updated, await listValidations(tx, structureId)),
          nbEcritures: ecritures,
          journaux,
        };
      }
      const next: ValidationCheckpoint = { validationId, reached: step.to, ecritures, journaux, result };
      const label = last && input.closing ? validationJobMessages.closing : validationJobMessages.validatedTo(step.to);
      return { checkpoint: next, progress: { done: ecritures, total: plan.total, step: label }, value: next };
    });
  }
  return checkpoint.result!;
}

/** Under the books' lock: the year still open and validated to `validated`, else the books moved meanwhile. */
async function checkBooksUnchanged(tx: Queryable, yearId: number, validated: string | null): Promise<void> {
  const state = await readYearState(tx, yearId);
  if (!state || state.statut === 'cloture' || state.valide !== validated) {
    throw conflict(validationJobMessages.booksMoved);
  }
}

/** The job's one CPT_Validation row: its range and count grow with each step. */
async function newValidation(tx: Queryable, owner: BooksOwner, yearId: number, jusquau: string): Promise<number> {
  return insertValidation(tx, {
    structureId: owner.structureId,
    yearId,
    jusquau,
    userId: owner.userId,
    entries: 0,
    closing: false,
  });
}

/** 'Validation des écritures 2025-2026 jusqu’au 31/03/2026', or 'Clôture de l’exercice 2025-2026'. */
export function validationJobLabel(year: { debut: string; fin: string }, jusquau: string, closing: boolean): string {
  return validationJobMessages.label(fiscalYearLabel(year), jusquau, closing);
}
