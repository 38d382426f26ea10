import {
  HEAD_OFFICE_STRUCTURE_ID,
  JOB_KIND,
  JOB_LABELS,
  RECAP_WRITE,
  StructureType,
  monthBefore,
  parisToday,
  recapMonthRefusal,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { badRequest, forbidden, HttpError } from '../../lib/http-errors';
import type { JobKind, JobOwner } from '../jobs/job-kind';
import type { JobRow, JobRuntime } from '../jobs/job-runtime';
import { jobScope } from '../jobs/job-scope';
import { requireGrant, type RequestScope } from '../scope/scope';
import { RECAP_MESSAGES as m } from './messages';
import { prepareRecap, type PreparedRecap } from './monthly-recap-issue';
import { queueRecapMails } from './monthly-recap-mail';
import { firstDataDay, jobRecorded, structuresAfter } from './monthly-recap.repository';

export interface MonthlyRecapJobInput {
  /** AAAA-MM. */
  mois: string;
  /** The Paris day the recaps are issued on, fixed when asked: a job resumed tomorrow issues the same. */
  emisLe: string;
}

export interface MonthlyRecapCheckpoint {
  /** The last structure id handled: the next step starts after it. */
  afterId: number;
  done: number;
  /** Recaps issued by this job, and found issued before it. */
  emis: number;
  existants: number;
  /** E-mails queued by the last step (R-RECAP-07), null until it committed. */
  envois: number | null;
}

/** Structures whose recaps one step stores (R-JOB-02: bounded steps). */
const STRUCTURES_PER_STEP = 10;

/** R-RECAP-05: one job per month, whoever starts it: its key. */
const monthlyRecapKey = (month: string) => `recapitulatifs-mensuels:${month}`;

/** Only the head office, with the recap's write grant, starts a month for every structure (a super admin too). */
function requireHeadOffice(scope: RequestScope): void {
  requireGrant(scope, RECAP_WRITE);
  if (!scope.actor.isSuperAdmin && scope.currentStructureType !== StructureType.Federation)
    throw forbidden(m.headOfficeOnly);
}

/**
 * R-RECAP-05: the month's 'Récapitulatif mensuel' of every structure, in id order, a few
 * structures per step: each recap computed and rendered outside any transaction, then stored
 * with the step's checkpoint. A structure's recap of the month issued before (by a user, or an
 * earlier run) is that one, never a second: the job run twice, or resumed, issues each once.
 * Started by the scheduler (no owner user: the product) or by the head office. Its last step
 * queues the e-mails of the structures that opted in (R-RECAP-07), each recap once.
 */
export function monthlyRecapJob(jobs: () => JobRuntime): JobKind<MonthlyRecapJobInput, MonthlyRecapCheckpoint> {
  return {
    type: JOB_KIND.monthlyRecaps,
    retryLimit: 5,
    async run(context) {
      const { input, database, owner } = context;
      if (owner.userId !== null) requireHeadOffice(await jobScope(database, owner));
      const issuer = { userId: owner.userId, structureId: owner.structureId };
      let checkpoint: MonthlyRecapCheckpoint = context.checkpoint ?? {
        afterId: 0,
        done: 0,
        emis: 0,
        existants: 0,
        envois: null,
      };
      for (;;) {
        context.throwIfStopped();
        const ids = await structuresAfter(database, checkpoint.afterId, STRUCTURES_PER_STEP);
        if (ids.length === 0) break;
        const prepared: Array<PreparedRecap | null> = [];
        for (const id of ids) prepared.push(await prepareRecap(database, issuer, id, input.mois, input.emisLe));
        const before = checkpoint;
        checkpoint = await context.step(database, async (tx) => {
          const next = { ...before, afterId: ids.at(-1)!, done: before.done + ids.length };
          for (const recap of prepared) {
            if (!recap) continue;
            const { created } = await recap.store(tx);
            if (created) next.emis++;
            else next.existants++;
          }
          const progress = { done: next.done, total: null, step: m.issuedFor(String(next.afterId)) };
          return { checkpoint: next, progress, value: next };
        });
      }
      if (checkpoint.envois === null) {
        const before = checkpoint;
        checkpoint = await context.step(database, async (tx) => {
          const envois = await queueRecapMails(tx, jobs(), owner, { month: input.mois, jobId: context.id });
          const next = { ...before, envois };
          return { checkpoint: next, progress: { done: next.done, total: next.done, step: m.mailed }, value: next };
        });
        if (checkpoint.envois) jobs().wake(JOB_KIND.mail);
      }
      return { summary: { mois: input.mois, ...checkpoint } };
    },
  };
}

/** Enqueues the month's job; null when it is already waiting or running (its key). */
async function enqueueMonth(jobs: JobRuntime, owner: JobOwner, month: string, today: string): Promise<JobRow | null> {
  const input: MonthlyRecapJobInput = { mois: month, emisLe: today };
  try {
    return await jobs.enqueue(JOB_KIND.monthlyRecaps, owner, input, {
      label: JOB_LABELS.monthlyRecaps(month),
      key: monthlyRecapKey(month),
    });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return null;
    throw error;
  }
}

/** POST /api/recapitulatifs/lots: the head office starts a past month's recaps (R-RECAP-05). */
export async function startMonthlyRecapJob(
  database: Database,
  jobs: JobRuntime,
  scope: RequestScope,
  month: string,
  today: () => string,
): Promise<JobRow> {
  requireHeadOffice(scope);
  const refusal = recapMonthRefusal(month, today(), await firstDataDay(database));
  if (refusal) throw badRequest(refusal);
  const owner = { userId: scope.actor.userId, structureId: scope.currentStructureId };
  const job = await enqueueMonth(jobs, owner, month, today());
  if (!job) throw new HttpError(409, m.alreadyRunning, 'conflict');
  return job;
}

/**
 * R-RECAP-05's schedule: on a Paris day, the month before's job once for the fleet: enqueued
 * unless a job of that month was ever recorded (any instance, any status), the key keeping
 * two instances asking at once to one. Returns the job enqueued, or null.
 */
export async function scheduleMonthlyRecaps(
  database: Database,
  jobs: JobRuntime,
  today: string = parisToday(),
): Promise<JobRow | null> {
  const month = monthBefore(today);
  if (recapMonthRefusal(month, today, await firstDataDay(database)) !== null) return null;
  if (await jobRecorded(database, JOB_KIND.monthlyRecaps, monthlyRecapKey(month))) return null;
  return enqueueMonth(jobs, { userId: null, structureId: HEAD_OFFICE_STRUCTURE_ID }, month, today);
}
