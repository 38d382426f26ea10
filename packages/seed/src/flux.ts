import { centsToDecimal } from '@gdf/domain';
import { Category, DAY_MS, isoDay, monthLabel, type CategoryId, type Season } from './catalog';
import { csvField } from './csv';
import * as lines from './flux-lines';
import { CATEGORY_WEIGHTS, DEMO_CYCLE, kindOf, seasonCounts, seasonPickers } from './flux-mix';
import type { PlannedStructure, StructurePlan } from './plan-types';
import { userLabel, type UserPlan } from './plan-users';
import { AliasTable, type Rng } from './random';
import type { Fate, FluxStory } from './story';

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
  const texts = new DayTexts((seasons[0] as Season).startMs / DAY_MS);
  const mix = new FluxMix(plan, users, rng, texts);
  let fluxId = 0;
  let detailId = 0;
  let fluxCsv = '';
  let detailCsv = '';

  for (const season of seasons) {
    const n = counts[season.index] as number;
    const seasonPicker = pickers[season.index] as SeasonPicker;
    const firstDay = season.startMs / DAY_MS;
    const days = (season.endMs - season.startMs) / DAY_MS;
    const seasonBase = fluxId;
    for (let k = 0; k < n; k++) {
      // Date: the k-th slot of the season, 07:00-20:00 UTC (same day in Paris).
      const pos = ((k + rng.next()) / n) * days;
      const day = firstDay + Math.floor(pos);
      const ts = `${texts.day(day)} ${clockTime(pos)}+00`;
      const id = ++fluxId;

      // A slot reserved by a relaunch (R-FLUX-05) holds the copy of the rejected debit.
      const copy = story.takeRelaunch(id);
      const picked: PickedFlux = copy
        ? { structure: copy.structure, category: Category.Prelevement, userId: null, debitRef: null, draft: copy.draft }
        : mix.pick(season, seasonPicker, day);
      const { structure, category, draft } = picked;
      const debit = category !== Category.Remboursement;
      const flag = debit ? 't' : 'f';
      const details = detailRows(draft, detailId, id, flag, ts);
      detailCsv += details.csv;
      detailId += draft.lines.length;
      const { cents } = details;
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
      fluxCsv += fluxRow({ id, name, ts, cents, flag, picked, fate, seasonId: season.id, texts });
      if (debit && !copy) mix.rememberDebit(structure, id, cents, draft.name);
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

type SeasonPicker = ReturnType<typeof seasonPickers>[number];

/** The flux's MKP_FluxFinancierDetail rows (ids after `lastId`) and their total in cents. */
function detailRows(draft: lines.FluxDraft, lastId: number, fluxId: number, flag: string, ts: string) {
  let csv = '';
  let cents = 0;
  let detailId = lastId;
  for (const l of draft.lines) {
    const amount = l.unitCents * l.qty;
    cents += amount;
    const money = centsToDecimal(amount);
    csv += `${++detailId},${fluxId},${csvField(l.label)},${centsToDecimal(l.unitCents)},${l.qty},${money},${money},${flag},${l.tarifId ?? ''},${ts}\n`;
  }
  return { csv, cents };
}

/** The MKP_FluxFinancier row, in FLUX_COLUMNS' order. */
function fluxRow(row: {
  id: number;
  name: string;
  ts: string;
  cents: number;
  flag: string;
  picked: PickedFlux;
  fate: Fate;
  seasonId: number;
  texts: DayTexts;
}): string {
  const { id, ts, flag, picked, fate, texts } = row;
  const total = centsToDecimal(row.cents);
  const due = fate.dueDay >= 0 ? texts.day(fate.dueDay) : '';
  const settled = fate.settledDay >= 0 ? texts.day(fate.settledDay) : '';
  return `${id},${csvField(row.name)},${ts},${total},0.00,${total},${flag},${settled ? 't' : 'f'},${picked.category},${picked.debitRef ?? ''},${fate.relaunchId || ''},${row.seasonId},${picked.structure.id},${fate.batchId || ''},${picked.userId ?? ''},${due},${settled}\n`;
}

/** 'HH:MM:SS' of a slot at `pos` (days into the season): 07:00-20:00 UTC. */
function clockTime(pos: number): string {
  const second = 25_200 + Math.floor((pos - Math.floor(pos)) * 46_800);
  const hh = Math.floor(second / 3600);
  const mm = Math.floor(second / 60) % 60;
  const ss = second % 60;
  return `${hh < 10 ? '0' : ''}${hh}:${mm < 10 ? '0' : ''}${mm}:${ss < 10 ? '0' : ''}${ss}`;
}

/** 'YYYY-MM-DD' and the month's label per day, computed once per day rather than once per flux. */
class DayTexts {
  private readonly days: string[] = [];
  private readonly months: string[] = [];
  constructor(private readonly firstDataDay: number) {}
  day(day: number): string {
    return (this.days[day - this.firstDataDay] ??= isoDay(day));
  }
  month(day: number): string {
    return (this.months[day - this.firstDataDay] ??= monthLabel(day));
  }
}

interface PickedFlux {
  structure: PlannedStructure;
  category: CategoryId;
  userId: number | null;
  /** The debit a refund settles (ID_FluxFinancierDebit). */
  debitRef: number | null;
  draft: lines.FluxDraft;
}

/** Who a new flux bills and what: its structure, category, member and lines. */
class FluxMix {
  private readonly categoryPickers: Record<ReturnType<typeof kindOf>, AliasTable>;
  // The last debit of each structure, for refunds that settle it (ID_FluxFinancierDebit).
  private readonly lastDebitId: Int32Array;
  private readonly lastDebitCents: Int32Array;
  private readonly lastDebitName: string[];
  private demoCount = 0;

  constructor(
    private readonly plan: StructurePlan,
    private readonly users: UserPlan,
    private readonly rng: Rng,
    private readonly texts: DayTexts,
  ) {
    this.categoryPickers = {
      members: new AliasTable(CATEGORY_WEIGHTS.members),
      territorial: new AliasTable(CATEGORY_WEIGHTS.territorial),
      headOffice: new AliasTable(CATEGORY_WEIGHTS.headOffice),
    };
    this.lastDebitId = new Int32Array(plan.all.length);
    this.lastDebitCents = new Int32Array(plan.all.length);
    this.lastDebitName = new Array<string>(plan.all.length).fill('');
  }

  private readonly randomPerson = () =>
    userLabel(this.users, this.users.firstId + this.rng.int(0, this.users.count - 1));

  pick(season: Season, { eligible, picker }: SeasonPicker, day: number): PickedFlux {
    const { rng } = this;
    const structure = eligible[picker.sample(rng)] as PlannedStructure;
    const isDemo = structure === this.plan.demo.club;
    let category = (
      isDemo
        ? DEMO_CYCLE[this.demoCount++ % DEMO_CYCLE.length]
        : this.categoryPickers[kindOf(structure)].sample(rng) + 1
    ) as CategoryId;
    if (category === Category.Prelevement && structure.rib !== 'valid' && structure.rib !== 'no_bic')
      category = Category.Facture;
    const count = rng.int(1, 6);
    const month = this.texts.month(day);
    // Licence and insurance flux name a member; a few have no user record ('N.C').
    const named =
      category === Category.Licence || category === Category.Assurance || category === Category.Remboursement;
    const userId = named ? this.memberOf(structure) : null;
    const person = named ? (userId === null ? this.randomPerson() : userLabel(this.users, userId)) : '';
    const picked: PickedFlux = { structure, category, userId, debitRef: null, draft: { name: '', lines: [] } };
    picked.draft = this.draft(picked, season, { count, month, person });
    return picked;
  }

  /** A member of the structure, null for none or a flux without a user record. */
  private memberOf(structure: PlannedStructure): number | null {
    const { users, rng } = this;
    const from = users.memberStart[structure.index] as number;
    const size = (users.memberStart[structure.index + 1] as number) - from;
    return size > 0 && !rng.chance(0.03) ? (users.members[from + rng.int(0, size - 1)] as number) : null;
  }

  private draft(
    picked: PickedFlux,
    season: Season,
    { count, month, person }: { count: number; month: string; person: string },
  ): lines.FluxDraft {
    const { rng } = this;
    const t = season.tarifs;
    switch (picked.category) {
      case Category.Licence:
        return lines.licenceFlux(rng, t, season.id, person, count);
      case Category.Assurance:
        return lines.assuranceFlux(rng, t, season.id, person, count);
      case Category.Affiliation:
        return lines.affiliationFlux(rng, t, season.id, picked.structure.type, count);
      case Category.Facture:
        return lines.factureFlux(rng, t, season.id, month, count, this.randomPerson);
      case Category.Prelevement:
        return lines.prelevementFlux(rng, t, month, count);
      default: {
        const s = picked.structure.index;
        if ((this.lastDebitId[s] as number) > 0 && rng.chance(0.5)) {
          picked.debitRef = this.lastDebitId[s] as number;
          picked.userId = null; // the refund settles a whole debit, not one person's licence
          return lines.refundOf(rng, this.lastDebitName[s] as string, this.lastDebitCents[s] as number);
        }
        return lines.remboursementFlux(rng, t, season.id, month, count, person);
      }
    }
  }

  rememberDebit(structure: PlannedStructure, id: number, cents: number, name: string): void {
    this.lastDebitId[structure.index] = id;
    this.lastDebitCents[structure.index] = cents;
    this.lastDebitName[structure.index] = name;
  }
}
