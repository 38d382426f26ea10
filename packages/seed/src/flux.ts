import { centsToDecimal } from '@gdf/domain';
import { Category, DAY_MS, isoDay, monthLabel, type CategoryId, type Season } from './catalog';
import { csvField } from './csv';
import * as lines from './flux-lines';
import { CATEGORY_WEIGHTS, DEMO_CYCLE, kindOf, seasonCounts, seasonPickers } from './flux-mix';
import type { PlannedStructure, StructurePlan } from './plan-types';
import { userLabel, type UserPlan } from './plan-users';
import { AliasTable, type Rng } from './random';
import type { FluxStory } from './story';

/**
 * Streams MKP_FluxFinancier and MKP_FluxFinancierDetail rows as CSV chunk pairs.
 * Flux are generated season by season in date order, so ids grow with Z_DateCreation
 * like a real history; dates spread over each season (the current one up to yesterday).
 */

// prettier-ignore
export const FLUX_COLUMNS = [
  'id', 'NomFluxFinancier', 'Z_DateCreation', 'MontantHT', 'MontantTVA', 'MontantTTC', 'EST_Debit', 'EST_Reglement',
  'ID_CategoryFlux', 'ID_FluxFinancierDebit', 'ID_FluxFinancierRelance', 'ID_Saison', 'ID_Structure', 'ID_Traitement',
  'ID_Utilisateur', 'DateEcheance', 'DateReglement',
] as const;

// prettier-ignore
export const DETAIL_COLUMNS = [
  'id', 'ID_FluxFinancier', 'NomFluxFinancierDetail', 'PrixUnitaire', 'Quantite', 'MontantHT', 'MontantTTC', 'EST_Debit',
  'ID_Tarif', 'Z_DateCreation',
] as const;

/** Running totals, read by the progress display and the summary. */
export interface FluxStats {
  flux: number;
  details: number;
  ttcCents: number;
}

/**
 * Flux per chunk pair. Small on purpose: rows are built by string concatenation, and a
 * chunk that lives through several young-generation collections gets promoted, which
 * made garbage collection 70 % of the run with 5,000 (measured: 100 is 6x faster).
 */
const BLOCK = 100;

export function* fluxChunks(
  total: number,
  seasons: readonly Season[],
  plan: StructurePlan,
  users: UserPlan,
  rng: Rng,
  stats: FluxStats,
  story: FluxStory,
): Generator<[string, string]> {
  const counts = seasonCounts(total, seasons);
  const pickers = seasonPickers(plan, seasons);
  const categoryPickers = {
    members: new AliasTable(CATEGORY_WEIGHTS.members),
    territorial: new AliasTable(CATEGORY_WEIGHTS.territorial),
    headOffice: new AliasTable(CATEGORY_WEIGHTS.headOffice),
  };
  // The last debit of each structure, for refunds that settle it (ID_FluxFinancierDebit).
  const lastDebitId = new Int32Array(plan.all.length);
  const lastDebitCents = new Int32Array(plan.all.length);
  const lastDebitName: string[] = new Array<string>(plan.all.length).fill('');
  // 'YYYY-MM-DD' per day, computed once per day rather than once per flux.
  const firstDataDay = (seasons[0] as Season).startMs / DAY_MS;
  const dayCache: string[] = [];
  const monthCache: string[] = [];
  const dayText = (day: number) => (dayCache[day - firstDataDay] ??= isoDay(day));
  const monthText = (day: number) => (monthCache[day - firstDataDay] ??= monthLabel(day));
  const randomPerson = () => userLabel(users, users.firstId + rng.int(0, users.count - 1));
  let demoCount = 0;
  let fluxId = 0;
  let detailId = 0;
  let fluxCsv = '';
  let detailCsv = '';

  for (const season of seasons) {
    const n = counts[season.index] as number;
    const { eligible, picker } = pickers[season.index] as ReturnType<typeof seasonPickers>[number];
    const firstDay = season.startMs / DAY_MS;
    const days = (season.endMs - season.startMs) / DAY_MS;
    const t = season.tarifs;
    const seasonBase = fluxId;
    for (let k = 0; k < n; k++) {
      // Date: the k-th slot of the season, 07:00-20:00 UTC (same day in Paris).
      const pos = ((k + rng.next()) / n) * days;
      const day = firstDay + Math.floor(pos);
      const second = 25_200 + Math.floor((pos - Math.floor(pos)) * 46_800);
      const hh = Math.floor(second / 3600);
      const mm = Math.floor(second / 60) % 60;
      const ss = second % 60;
      const ts = `${dayText(day)} ${hh < 10 ? '0' : ''}${hh}:${mm < 10 ? '0' : ''}${mm}:${ss < 10 ? '0' : ''}${ss}+00`;
      const id = ++fluxId;

      // A slot reserved by a relaunch (R-FLUX-05) holds the copy of the rejected debit.
      const copy = story.takeRelaunch(id);
      let structure: PlannedStructure;
      let category: CategoryId;
      let userId: number | null = null;
      let debitRef: number | null = null;
      let draft: lines.FluxDraft;
      if (copy) {
        structure = copy.structure;
        category = Category.Prelevement;
        draft = copy.draft;
      } else {
        structure = eligible[picker.sample(rng)] as PlannedStructure;
        const isDemo = structure === plan.demo.club;
        category = (
          isDemo ? DEMO_CYCLE[demoCount++ % DEMO_CYCLE.length] : categoryPickers[kindOf(structure)].sample(rng) + 1
        ) as CategoryId;
        if (category === Category.Prelevement && structure.rib !== 'valid' && structure.rib !== 'no_bic')
          category = Category.Facture;
        const count = rng.int(1, 6);
        const month = monthText(day);

        // Licence and insurance flux name a member; a few have no user record ('N.C').
        let person = '';
        if (category === Category.Licence || category === Category.Assurance || category === Category.Remboursement) {
          const from = users.memberStart[structure.index] as number;
          const size = (users.memberStart[structure.index + 1] as number) - from;
          if (size > 0 && !rng.chance(0.03)) userId = users.members[from + rng.int(0, size - 1)] as number;
          person = userId === null ? randomPerson() : userLabel(users, userId);
        }

        switch (category) {
          case Category.Licence:
            draft = lines.licenceFlux(rng, t, season.id, person, count);
            break;
          case Category.Assurance:
            draft = lines.assuranceFlux(rng, t, season.id, person, count);
            break;
          case Category.Affiliation:
            draft = lines.affiliationFlux(rng, t, season.id, structure.type, count);
            break;
          case Category.Facture:
            draft = lines.factureFlux(rng, t, season.id, month, count, randomPerson);
            break;
          case Category.Prelevement:
            draft = lines.prelevementFlux(rng, t, month, count);
            break;
          default: {
            const s = structure.index;
            if ((lastDebitId[s] as number) > 0 && rng.chance(0.5)) {
              debitRef = lastDebitId[s] as number;
              userId = null; // the refund settles a whole debit, not one person's licence
              draft = lines.refundOf(rng, lastDebitName[s] as string, lastDebitCents[s] as number);
            } else draft = lines.remboursementFlux(rng, t, season.id, month, count, person);
          }
        }
      }

      const debit = category !== Category.Remboursement;
      let cents = 0;
      const flag = debit ? 't' : 'f';
      for (const l of draft.lines) {
        const amount = l.unitCents * l.qty;
        cents += amount;
        const money = centsToDecimal(amount);
        detailCsv += `${++detailId},${id},${csvField(l.label)},${centsToDecimal(l.unitCents)},${l.qty},${money},${money},${flag},${l.tarifId ?? ''},${ts}\n`;
      }
      const total = centsToDecimal(cents);
      // How and when it was settled (story.ts): its batch, due day, settlement day, a return.
      const fate = story.settle({
        id,
        day,
        category,
        structure,
        cents,
        draft,
        relaunchCopy: copy !== undefined,
        slotsLeft: n - 1 - k,
        slotOfDay: (target) => seasonBase + 1 + Math.ceil(((target - firstDay) * n) / days),
        lastSlotId: seasonBase + n,
      });
      const name = copy ? `${draft.name} (relance)` : draft.name;
      const due = fate.dueDay >= 0 ? dayText(fate.dueDay) : '';
      const settled = fate.settledDay >= 0 ? dayText(fate.settledDay) : '';
      fluxCsv += `${id},${csvField(name)},${ts},${total},0.00,${total},${flag},${settled ? 't' : 'f'},${category},${debitRef ?? ''},${fate.relaunchId || ''},${season.id},${structure.id},${fate.batchId || ''},${userId ?? ''},${due},${settled}\n`;
      if (debit && !copy) {
        lastDebitId[structure.index] = id;
        lastDebitCents[structure.index] = cents;
        lastDebitName[structure.index] = draft.name;
      }
      stats.flux++;
      stats.details += draft.lines.length;
      stats.ttcCents += cents;
      if (id % BLOCK === 0) {
        yield [fluxCsv, detailCsv];
        fluxCsv = '';
        detailCsv = '';
      }
    }
  }
  if (fluxCsv) yield [fluxCsv, detailCsv];
}
