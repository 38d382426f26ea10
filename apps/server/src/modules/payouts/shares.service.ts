import {
  ModuleSlug,
  PAYOUT_MESSAGES,
  PermissionAction,
  StructureType,
  actionGrant,
  parisToday,
  shareLevelOfStructureType,
  shareRuleInputSchema,
  shareRuleProblem,
  structureSharesQuerySchema,
  type ShareRulesAnswer,
  type ShareRuleView,
  type StructureSharesAnswer,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { writeAuditRows } from '../../db/audit-log';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import { parseInput } from '../../lib/validation';
import { canSeeStructure } from '../scope/can-see-structure';
import { requireGrant, requireModule, type RequestScope } from '../scope/scope';
import { markSalesFrom } from './shares.repository';
import { syncShares, syncSharesIn } from './shares-sync';
import { listShareRules, otherLevelRule, ruleContext, saveShareRule } from './share-rules.repository';
import { shareMovements, shareTotals, structureType } from './structure-shares.repository';

/** The books bring the marked sales' shares up to date before they read them (R-PAY-10). */
export { syncSharesIn } from './shares-sync';
/** A payee's shares earned and transfers received over a period (R-PAY-03; the monthly recap's, R-RECAP-06). */
export { shareTotals } from './structure-shares.repository';

/** The rules are the head office's settings, on its Flux financier settings page (R-PAY-01). */
const RULES_MODULE = ModuleSlug.ParamFluxFinancier;
const RULES_WRITE = actionGrant(RULES_MODULE, PermissionAction.Ecriture);
/** The movements listed on a structure's page; its totals always count them all. */
const LISTED_MOVEMENTS = 200;

function requireHeadOffice(scope: RequestScope): void {
  if (scope.currentStructureType !== StructureType.Federation) throw forbidden(PAYOUT_MESSAGES.notHeadOffice);
}

export function createSharesService(database: Database) {
  return {
    async rules(scope: RequestScope): Promise<ShareRulesAnswer> {
      requireModule(scope, RULES_MODULE);
      requireHeadOffice(scope);
      return listShareRules(database);
    },

    /** R-PAY-01: checked, saved, audited; the sales it reaches are marked for the next sync. */
    async saveRule(scope: RequestScope, body: unknown): Promise<ShareRuleView> {
      const input = parseInput(shareRuleInputSchema, body);
      requireGrant(scope, RULES_WRITE);
      requireHeadOffice(scope);
      return database.transaction(async (tx) => {
        const context = await ruleContext(tx, input);
        if (!context.targetExists) throw badRequest(PAYOUT_MESSAGES.unknownTarget);
        if (!context.seasonExists) throw badRequest(PAYOUT_MESSAGES.unknownSeason);
        const target = input.tarif
          ? { kind: 'tarif' as const, tarifId: input.tarif }
          : { kind: 'categorie' as const, categoryId: input.categorie! };
        const problem = shareRuleProblem(
          target,
          { mode: input.mode, value: input.valeur },
          { tarifPriceCents: context.tarifPriceCents, otherLevel: await otherLevelRule(tx, input) },
        );
        if (problem) throw badRequest(problem);
        // The sales already marked earn under the rules they were settled with (R-PAY-04).
        await syncSharesIn(tx);
        const { saved, before } = await saveShareRule(tx, input, scope.actor.userId);
        await markSalesFrom(tx, {
          level: input.niveau,
          fromSeason: input.saisonDebut,
          categoryId: input.categorie,
          tarifId: input.tarif,
        });
        await writeAuditRows(tx, [
          {
            userId: scope.actor.userId,
            structureId: scope.currentStructureId,
            action: 'quote_part_regle',
            table: 'REV_RegleQuotePart',
            targetId: saved.id,
            details: { ...input, avant: before },
          },
        ]);
        return saved;
      });
    },

    /** R-PAY-03: a ligue's or a comité's shares over a period, brought up to date first. */
    async structureShares(scope: RequestScope, structureId: number, query: unknown): Promise<StructureSharesAnswer> {
      const period = parseInput(structureSharesQuerySchema, query);
      // The structure's page is the flux module's (R-BAL-01's situation).
      requireModule(scope, ModuleSlug.FluxFinanciers);
      if (!(await canSeeStructure(database, scope, structureId))) throw notFound();
      const type = await structureType(database, structureId);
      if (type === null) throw notFound();
      const level = shareLevelOfStructureType(type);
      const today = parisToday();
      const du = period.du ?? `${today.slice(0, 4)}-01-01`;
      const au = period.au ?? today;
      if (level === null)
        return {
          structureId,
          niveau: null,
          du,
          au,
          acquisCentimes: 0,
          cumulCentimes: 0,
          recuCentimes: 0,
          cumulRecuCentimes: 0,
          mouvements: [],
          tronque: false,
        };
      await syncShares(database, today);
      const [totals, movements] = await Promise.all([
        shareTotals(database, level, structureId, du, au),
        shareMovements(database, level, structureId, du, au, LISTED_MOVEMENTS + 1),
      ]);
      return {
        structureId,
        niveau: level,
        du,
        au,
        acquisCentimes: totals.earned,
        cumulCentimes: totals.earnedCumulative,
        recuCentimes: totals.received,
        cumulRecuCentimes: totals.receivedCumulative,
        mouvements: movements.slice(0, LISTED_MOVEMENTS),
        tronque: movements.length > LISTED_MOVEMENTS,
      };
    },
  };
}
