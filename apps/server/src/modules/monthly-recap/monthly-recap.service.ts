import {
  ModuleSlug,
  RECAP_WRITE,
  parisToday,
  recapFileName,
  recapMonthRefusal,
  type RecapIssueAnswer,
  type RecapListAnswer,
} from '@gdf/domain';
import { writeAuditRows } from '../../db/audit-log';
import type { Database } from '../../db/database';
import { badRequest, notFound } from '../../lib/http-errors';
import { openIssuedStatementFile, findStatementStructure } from '../account-statement/account-statement.service';
import { requireGrant, requireModule, type RequestScope } from '../scope/scope';
import { RECAP_MESSAGES as m } from './messages';
import { prepareRecap } from './monthly-recap-issue';
import {
  RECAP_AUDIT,
  RECAP_TABLE,
  firstDataDay,
  recapSentAt,
  recapStore,
  recapSubscription,
  setRecapSubscription,
  type IssuedRecap,
} from './monthly-recap.repository';

/** The list shows this many of a structure's recaps, newest first. */
const RECAPS_LISTED = 120;

const answerOf = (recap: IssuedRecap): RecapIssueAnswer => ({
  id: recap.id,
  numero: recap.number,
  mois: recap.from.slice(0, 7),
});

/**
 * 'Récapitulatif mensuel' (R-RECAP-01..08): read under its module, the structure's scope as every
 * read (out of scope: "not found"); issuing on demand and the e-mail opt-in under its write
 * grant, input parsed before (the routes), grant then scope, each audited.
 */
export function createMonthlyRecapService(database: Database, today: () => string = () => parisToday()) {
  async function structureInScope(scope: RequestScope, structureId: number) {
    const structure = await findStatementStructure(database, scope, structureId);
    if (!structure) throw notFound(m.structureNotFound);
    return structure;
  }

  /** R-RECAP-02: malformed, not over, or before the data: a French 400. */
  async function checkMonth(month: string) {
    const refusal = recapMonthRefusal(month, today(), await firstDataDay(database));
    if (refusal) throw badRequest(refusal);
  }

  return {
    /** The Paris day recaps are issued on now. */
    today,
    async list(scope: RequestScope, structureId: number): Promise<RecapListAnswer> {
      requireModule(scope, ModuleSlug.Recapitulatif);
      await structureInScope(scope, structureId);
      const recaps = await recapStore.list(database, structureId, RECAPS_LISTED);
      const sent = await recapSentAt(
        database,
        recaps.map((recap) => recap.id),
      );
      const subscription = await recapSubscription(database, structureId);
      return {
        abonnementEmail: subscription.subscribed,
        emailFacturation: subscription.billingEmail,
        recapitulatifs: recaps.map((recap) => ({
          ...answerOf(recap),
          emisLe: recap.issuedAt,
          envoyeLe: sent.get(recap.id) ?? null,
        })),
      };
    },

    /** R-RECAP-04: issues a past month's recap, or answers with the one issued before (`created` false). */
    async issue(scope: RequestScope, structureId: number, month: string) {
      requireGrant(scope, RECAP_WRITE);
      await structureInScope(scope, structureId);
      await checkMonth(month);
      const issuer = { userId: scope.actor.userId, structureId: scope.currentStructureId };
      const prepared = await prepareRecap(database, issuer, structureId, month, today());
      if (!prepared) throw notFound(m.structureNotFound);
      if (prepared.same) return { recap: answerOf(prepared.same), created: false };
      const { recap, created } = await database.transaction((tx) => prepared.store(tx));
      return { recap: answerOf(recap), created };
    },

    /** R-RECAP-07: the e-mail opt-in, audited (before, after) in one transaction. */
    async setSubscription(scope: RequestScope, structureId: number, subscribed: boolean) {
      requireGrant(scope, RECAP_WRITE);
      await structureInScope(scope, structureId);
      await database.transaction(async (tx) => {
        const before = await setRecapSubscription(tx, structureId, subscribed);
        await writeAuditRows(tx, [
          {
            userId: scope.actor.userId,
            structureId: scope.currentStructureId,
            action: RECAP_AUDIT.subscription,
            table: 'RM_AbonnementRecapitulatif',
            targetId: structureId,
            details: { avant: before, apres: subscribed },
          },
        ]);
      });
      return { abonnementEmail: subscribed };
    },

    /** A recap's stored file, as issued; another structure's (out of scope) is "not found". */
    async file(scope: RequestScope, recapId: number, format: 'pdf' | 'xlsx') {
      requireModule(scope, ModuleSlug.Recapitulatif);
      const recap = await recapStore.find(database, recapId);
      if (!recap || !(await findStatementStructure(database, scope, recap.structureId)))
        throw notFound(m.recapNotFound);
      const fileName = recapFileName(recap.number, recap.structureId, recap.from.slice(0, 7), format);
      return openIssuedStatementFile(
        database,
        scope,
        { statement: recap, format, fileName },
        { table: RECAP_TABLE, action: RECAP_AUDIT.downloaded },
      );
    },
  };
}
