import { addTargetDays, earliestCollectionDate, isTargetDay, parisToday, type SepaCalendar } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { loginAs } from '../support/test-app';
import { buildRestApp, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { elements, generate, get, PREVIEW_URL, validateAgainstXsd } from './sepa-support';

const CALENDAR_URL = '/api/exports/sepa/calendar';

/** The first Saturday after `isoDate`. */
function nextSaturday(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 6);
  return day.toISOString().slice(0, 10);
}

/** `isoDate` when it is a TARGET day, else the first TARGET day after it. */
function firstTargetDayFrom(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  while (!isTargetDay(day.toISOString().slice(0, 10))) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * R-SEPA-06: the requested collection date is a TARGET day (ECB TARGET calendar) at
 * least SEPA_MIN_LEAD_DAYS TARGET days after today in Paris (EPC SDD Core rulebook: D-1).
 * Anything else is refused with a French 400, and claims nothing.
 */
describe.each(testDatabaseTargets())('SEPA collection dates on the TARGET calendar on $name', (target) => {
  let context: RestContext;
  let twoDaysApp: FastifyInstance;
  let twoDaysToken: string;
  const today = () => parisToday();
  beforeAll(async () => {
    context = await openRestContext(target);
    twoDaysApp = await buildRestApp(context.database, { sepa: { minLeadDays: 2 } });
    twoDaysToken = await loginAs(twoDaysApp, 'siege@demo.fr');
  });
  afterAll(async () => {
    await twoDaysApp?.close();
    await closeRestContext(context);
  });

  const batches = async () =>
    (
      await context.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "MKP_Traitement" WHERE "TypeTraitement" = 'prelevement_sepa'`,
      )
    )[0]?.n;

  const expectRefused = async (date: string, message: RegExp) => {
    const before = await batches();
    const response = await generate(context.app, context.tokens.siege, { dateEcheance: date });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(message);
    const preview = await get(context.app, context.tokens.siege, `${PREVIEW_URL}?dateEcheance=${date}`);
    expect(preview.statusCode, preview.body).toBe(400);
    expect(await batches()).toBe(before);
  };

  it('gives the web the lead time and the first allowed date, to the SEPA module only', async () => {
    const response = await get(context.app, context.tokens.siege, CALENDAR_URL);
    expect(response.statusCode, response.body).toBe(200);
    const calendar = response.json() as SepaCalendar;
    expect(calendar).toEqual({ today: today(), minLeadDays: 1, earliestDate: earliestCollectionDate(today(), 1) });
    expect(isTargetDay(calendar.earliestDate)).toBe(true);
    expect((await get(context.app, context.tokens.club, CALENDAR_URL)).statusCode).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: CALENDAR_URL })).statusCode).toBe(401);
  });

  it('refuses Christmas Day, a TARGET holiday, naming it', async () => {
    const year = Number(today().slice(0, 4));
    const christmas = today() < `${year}-12-25` ? `${year}-12-25` : `${year + 1}-12-25`;
    await expectRefused(christmas, /n'est pas un jour ouvré du calendrier TARGET/);
    await expectRefused(christmas, /\(Noël\)/);
  });

  it('refuses today, or the next TARGET day when today is not one: the bank needs the file one TARGET day before', async () => {
    // On a weekend or a TARGET holiday in Paris, today is refused as not a TARGET day (tested below).
    await expectRefused(firstTargetDayFrom(today()), /Date d'échéance trop proche .* au moins 1 jour ouvré TARGET/);
  });

  it('refuses a weekend day', async () => {
    await expectRefused(nextSaturday(earliestCollectionDate(today(), 1)), /\(samedi\) n'est pas un jour ouvré/);
  });

  it('accepts the first allowed date; the file carries it and its creation time with the Paris offset', async () => {
    const earliest = earliestCollectionDate(today(), 1);
    const response = await generate(context.app, context.tokens.siege, { dateEcheance: earliest });
    expect(response.statusCode, response.body).toBe(200);
    expect(elements(response.body, 'ReqdColltnDt')).toEqual([earliest]);
    const [created] = elements(response.body, 'CreDtTm');
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
    expect(created?.slice(0, 10)).toBe(today());
    await validateAgainstXsd(response.body, 'pain.008.001.08');
  });

  it('with SEPA_MIN_LEAD_DAYS=2, refuses the next TARGET day and accepts the one after', async () => {
    const calendar = (await get(twoDaysApp, twoDaysToken, CALENDAR_URL)).json() as SepaCalendar;
    expect(calendar.minLeadDays).toBe(2);
    expect(calendar.earliestDate).toBe(addTargetDays(earliestCollectionDate(today(), 1), 1));
    const tooSoon = await get(
      twoDaysApp,
      twoDaysToken,
      `${PREVIEW_URL}?dateEcheance=${earliestCollectionDate(today(), 1)}`,
    );
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().message).toMatch(/au moins 2 jours ouvrés TARGET/);
    const allowed = await get(twoDaysApp, twoDaysToken, `${PREVIEW_URL}?dateEcheance=${calendar.earliestDate}`);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});
