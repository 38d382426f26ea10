import {
  AGEING_BUCKETS,
  MANDATE_READY_LABEL,
  ModuleSlug,
  REMINDER_LETTER,
  REMINDER_LEVEL_LABELS,
  SEPA_EXCLUSION_LABELS,
  STRUCTURE_SITUATION_LIMIT,
  STRUCTURE_SITUATION_OPEN_FLUX_LIMIT,
  STRUCTURE_TYPE_NAMES,
  actionRefusal,
  canRemindOverdue,
  effectiveDueDate,
  fluxPaymentStatus,
  invoiceNumber,
  overdueFlux,
  overdueRow,
  ownStructureAmongRecipients,
  parisIsoDate,
  parisToday,
  resteDuByFlux,
  sepaExclusion,
  sepaReturnReasonLabel,
  structureBalance,
  type OverdueRow,
  type SituationAction,
  type SituationOpenFlux,
  type StructureSituation,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/http-errors';
import { STRUCTURE_NOT_FOUND, createAccountStatementService } from '../account-statement/account-statement.service';
import { IMPAYES_MESSAGES } from '../impayes/impayes.service';
import { createReceivablesService, type OpenFlux } from '../receivables/receivables.service';
import { hasGrant, moduleRefusal, requireModule, type RequestScope } from '../scope/scope';
import { structureRibs } from '../structure-ribs/structure-ribs.service';
import {
  findSituationStructure,
  latestRelaunches,
  latestReminders,
  latestReturns,
  latestSettledFlux,
  latestSettlementParts,
} from './structure-situation.repository';

const allowed: SituationAction = { allowed: true, reason: null };
const refused = (reason: string): SituationAction => ({ allowed: false, reason });

/**
 * 'Situation de la structure': read under the flux module like the flux search, within its
 * structure scope (a structure out of scope is "not found"). Every amount comes from the
 * balance rule (resteDuByFlux, structureBalance) on the open flux the receivables service reads,
 * and the ageing from the account statement's overdueFlux: the same figures as Impayés and the
 * relevé de compte at the same day.
 */
export function createStructureSituationService(database: Database, clock: () => Date = () => new Date()) {
  const receivables = createReceivablesService(database);
  const statements = createAccountStatementService(database, () => parisToday(clock()));

  /** The actions of the page, decided by the checks their own routes make. */
  function actionsFor(scope: RequestScope, structureId: number, structureName: string, overdue: OverdueRow | null) {
    // The relevé and the documents pack are read under the flux module, as the search.
    const fluxRefusal = moduleRefusal(scope, ModuleSlug.FluxFinanciers);
    const read = fluxRefusal === null ? allowed : refused(fluxRefusal);
    // Reading letters is Impayés' access; issuing one its letter grant, to another structure, with something overdue.
    const remindsOverdue = scope.actor.isSuperAdmin || canRemindOverdue(scope.currentStructureType);
    const reminderDownload =
      fluxRefusal !== null ? read : remindsOverdue ? allowed : refused(IMPAYES_MESSAGES.notReminding);
    let reminder: SituationAction = reminderDownload;
    if (!reminderDownload.allowed) reminder = reminderDownload;
    else if (!hasGrant(scope, REMINDER_LETTER)) reminder = refused(actionRefusal(REMINDER_LETTER));
    else if (ownStructureAmongRecipients(scope.currentStructureId, [structureId]))
      reminder = refused(IMPAYES_MESSAGES.ownStructure);
    else if (overdue === null) reminder = refused(IMPAYES_MESSAGES.nothingOverdue(structureName));
    return { accountStatement: read, documentPack: read, reminder, reminderDownload };
  }

  return {
    async situation(scope: RequestScope, structureId: number): Promise<StructureSituation> {
      requireModule(scope, ModuleSlug.FluxFinanciers);
      const structure = await findSituationStructure(database, scope, structureId);
      if (!structure) throw notFound(STRUCTURE_NOT_FOUND);
      const asOf = parisToday(clock());
      const [groups, settled, parts, returns, relaunches, reminders, issued, ribs] = await Promise.all([
        receivables.openFluxByStructure(scope, asOf, { structureIds: [structureId], withLabels: true }),
        latestSettledFlux(database, structureId, STRUCTURE_SITUATION_LIMIT),
        latestSettlementParts(database, structureId, STRUCTURE_SITUATION_LIMIT),
        latestReturns(database, structureId, STRUCTURE_SITUATION_LIMIT),
        latestRelaunches(database, structureId, STRUCTURE_SITUATION_LIMIT),
        latestReminders(database, structureId, STRUCTURE_SITUATION_LIMIT),
        statements.list(scope, structureId),
        structureRibs(database, scope, structureId),
      ]);
      const flux: OpenFlux[] = groups.get(structureId) ?? [];
      const reste = resteDuByFlux(flux, asOf);
      const overdue = overdueFlux(flux, asOf);
      const lateness = new Map(overdue.flux.map((item) => [item.fluxId, item.daysLate]));
      let notDue = 0;
      let credits = 0;
      const open: SituationOpenFlux[] = [];
      for (const item of flux) {
        const owed = reste.get(item.id) ?? 0;
        if (owed === 0) continue;
        if (owed < 0) credits += owed;
        else if (!lateness.has(item.id)) notDue += owed;
        open.push({
          fluxId: item.id,
          invoiceNumber: invoiceNumber(item.seasonId, item.id),
          label: item.label,
          date: parisIsoDate(item.createdAt),
          dueDate: effectiveDueDate(item),
          isDebit: item.isDebit,
          amount: item.amountTTC,
          resteDu: owed,
          status: fluxPaymentStatus({
            EST_Reglement: false,
            ID_FluxFinancierRelance: null,
            MKP_RetourPrelevement: item.bankReturn,
          }),
          daysLate: lateness.get(item.id) ?? 0,
        });
      }
      open.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.fluxId - b.fluxId);

      const last = reminders[0];
      const row = overdueRow(
        { id: structure.id, name: structure.name, code: structure.federalCode },
        flux,
        asOf,
        last ? { id: last.id, level: last.level, date: last.date, total: last.total, fluxIds: last.fluxIds } : null,
      );
      const mandateProblem = sepaExclusion({
        iban: structure.iban,
        mandateValid: structure.mandateValid,
        mandateReference: structure.mandateReference,
        mandateSignedOn: structure.mandateSignedOn,
        town: structure.town,
        country: structure.country,
      });
      return {
        structure: {
          id: structure.id,
          name: structure.name,
          federalCode: structure.federalCode,
          typeId: structure.typeId,
          typeName: STRUCTURE_TYPE_NAMES[structure.typeId] ?? '',
        },
        asOf,
        balance: structureBalance(flux, asOf),
        ageing: {
          buckets: Object.fromEntries(
            AGEING_BUCKETS.map((bucket) => [bucket, overdue.buckets[bucket]]),
          ) as StructureSituation['ageing']['buckets'],
          total: overdue.total,
          notDue,
          credits,
        },
        openFlux: open.slice(0, STRUCTURE_SITUATION_OPEN_FLUX_LIMIT),
        openFluxCount: open.length,
        settled: settled.map((item) => ({
          fluxId: item.fluxId,
          invoiceNumber: invoiceNumber(item.seasonId, item.fluxId),
          label: item.label,
          date: parisIsoDate(item.createdAt),
          isDebit: item.isDebit,
          amount: item.amount,
          settledOn: item.settledOn,
        })),
        settlementParts: parts.map((item) => ({
          fluxId: item.fluxId,
          invoiceNumber: invoiceNumber(item.seasonId, item.fluxId),
          label: item.label,
          amount: item.partAmount,
          day: item.day,
          bankLabel: item.bankLabel,
        })),
        returns: returns.map((item) => ({
          fluxId: item.fluxId,
          invoiceNumber: invoiceNumber(item.seasonId, item.fluxId),
          label: item.label,
          amount: item.amount,
          type: item.type,
          date: item.date,
          reasonCode: item.reasonCode,
          reason: sepaReturnReasonLabel(item.reasonCode),
          status: fluxPaymentStatus({
            EST_Reglement: item.settled,
            ID_FluxFinancierRelance: item.relaunchedBy,
            MKP_RetourPrelevement: item,
          }),
        })),
        relaunches: relaunches.map((item) => ({
          fluxId: item.fluxId,
          invoiceNumber: invoiceNumber(item.seasonId, item.fluxId),
          label: item.label,
          amount: item.amount,
          relaunchFluxId: item.relaunchFluxId,
          relaunchInvoiceNumber: invoiceNumber(item.relaunchSeasonId, item.relaunchFluxId),
          relaunchedOn: parisIsoDate(item.relaunchedAt),
        })),
        reminders: reminders.map((item) => ({
          id: item.id,
          level: item.level,
          levelLabel: REMINDER_LEVEL_LABELS[item.level] ?? String(item.level),
          date: item.date,
          total: item.total,
          fileName: item.fileName,
          senderName: item.senderName,
          fluxCount: item.fluxIds.length,
        })),
        statements: issued.slice(0, STRUCTURE_SITUATION_LIMIT),
        bank: {
          ribs,
          mandateProblem,
          mandateLabel: mandateProblem === null ? MANDATE_READY_LABEL : SEPA_EXCLUSION_LABELS[mandateProblem],
        },
        overdueRow: row,
        actions: actionsFor(scope, structure.id, structure.name, row),
      };
    },
  };
}
