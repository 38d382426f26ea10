import type { RelaunchSelectionResult, SepaBatch, SepaReturnImportResult, SepaReturnReport } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';
import { testDatabaseTargets } from '../support/databases';
import { get } from './sepa-support';
import { generateReturnsBatch, postReturn, RETURNS_URL, statusReport } from './sepa-returns-support';

describe.each(testDatabaseTargets())('SEPA returns close the loop (R-RET-05 to R-RET-07) on $name', (target) => {
  let context: RestContext;
  let batchId: number;
  let dueDay: string;
  let ids: string[];
  /** The debit's amount as the file wrote it, by EndToEndId. */
  let amounts: Map<string, string>;
  const fluxOf = (endToEndId: string) => Number(endToEndId.split('-').at(-1));
  const count = async (sql: string, params: unknown[] = []) =>
    (await context.database.query<{ n: number }>(sql, params))[0]?.n;
  const relaunch = (token: string, fluxIds: number[]) =>
    context.app.inject({
      method: 'POST',
      url: `${RETURNS_URL}/relance`,
      headers: bearer(token),
      payload: { ids: fluxIds },
    });
  const batch = async () => {
    const response = await get(context.app, context.tokens.siege, '/api/exports/sepa/batches');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as SepaBatch[]).find((item) => item.id === batchId) as SepaBatch;
  };

  beforeAll(async () => {
    context = await openRestContext(target);
    const generated = await generateReturnsBatch(context);
    ({ batchId, dueDay, ids } = generated);
    // <InstdAmt Ccy="EUR"> has an attribute: read them in document order, one per transaction.
    const written = [...generated.xml.matchAll(/<InstdAmt Ccy="EUR">([^<]*)<\/InstdAmt>/g)].map((m) => m[1] as string);
    expect(written).toHaveLength(ids.length);
    amounts = new Map(ids.map((id, index) => [id, written[index] as string]));
  });
  afterAll(() => closeRestContext(context));

  it('a freshly generated batch is "Généré", everything presented still to be collected', async () => {
    const fresh = await batch();
    expect(fresh).toMatchObject({ etat: 'genere', dateEcheance: dueDay, rejetes: { nb: 0, cents: 0 } });
    expect(fresh.preleves).toEqual({ nb: fresh.nbFlux, cents: fresh.totalCents });
    expect(fresh.relances).toEqual({ nb: 0, cents: 0 });
  });

  it('R-RET-05: a 1 € short return dated before the collection is an anomaly, applied only on confirmation', async () => {
    const endToEndId = ids[0] as string;
    const debit = amounts.get(endToEndId) as string;
    const short = (Number(debit) - 1).toFixed(2);
    const file = statusReport(batchId, [
      { endToEndId, amount: short, day: '2016-03-10' },
      { endToEndId: ids[1] as string, amount: amounts.get(ids[1] as string) as string, day: '2016-03-10' },
    ]);
    const preview = (
      await postReturn(context.app, context.tokens.siege, file, { preview: true })
    ).json() as SepaReturnReport;
    const byFlux = new Map(preview.flux.map((line) => [line.ID_FluxFinancier, line]));
    expect(byFlux.get(fluxOf(endToEndId))?.anomalies.map((a) => a.code)).toEqual(['montant', 'date']);
    expect(byFlux.get(fluxOf(ids[1] as string))?.anomalies.map((a) => a.code)).toEqual(['date']);

    // Without the confirmation nothing is applied: the lines are reported, the flux stay as they were.
    const plain = (await postReturn(context.app, context.tokens.siege, file)).json() as SepaReturnImportResult;
    expect(plain.flux).toEqual([]);
    expect(plain.nonAppliques.map((line) => line.ID_FluxFinancier).sort()).toEqual(
      [fluxOf(endToEndId), fluxOf(ids[1] as string)].sort(),
    );
    const returned = `SELECT count(*)::int AS n FROM "MKP_RetourPrelevement" WHERE "ID_FluxFinancier" = ANY($1::int[])`;
    expect(await count(returned, [[fluxOf(endToEndId), fluxOf(ids[1] as string)]])).toBe(0);

    // The same file, confirmed: applied, and the audit row names the confirmed anomalies.
    const confirmed = (
      await postReturn(context.app, context.tokens.siege, file, { confirmAnomalies: true })
    ).json() as SepaReturnImportResult;
    expect(confirmed.flux.map((line) => line.ID_FluxFinancier).sort()).toEqual(
      [fluxOf(endToEndId), fluxOf(ids[1] as string)].sort(),
    );
    expect(confirmed.nonAppliques).toEqual([]);
    const [audit] = await context.database.query<{ details: { anomaliesConfirmees: { flux: number }[] } }>(
      `SELECT "Details" AS details FROM "APP_AuditLog" WHERE "Action" = 'import_retour_sepa' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.details.anomaliesConfirmees.map((item) => item.flux).sort()).toEqual(
      [fluxOf(endToEndId), fluxOf(ids[1] as string)].sort(),
    );
  });

  it('R-RET-05: a return in another currency than the debit is an anomaly (preview only)', async () => {
    const endToEndId = ids[3] as string;
    const file = statusReport(batchId, [
      { endToEndId, amount: amounts.get(endToEndId) as string, day: dueDay, currency: 'CHF' },
    ]);
    const preview = (
      await postReturn(context.app, context.tokens.siege, file, { preview: true })
    ).json() as SepaReturnReport;
    expect(preview.flux.map((line) => [line.ID_FluxFinancier, line.anomalies.map((a) => a.code)])).toEqual([
      [fluxOf(endToEndId), ['devise']],
    ]);
  });

  it('a return that fits its debit is applied without confirmation', async () => {
    const endToEndId = ids[2] as string;
    const file = statusReport(batchId, [{ endToEndId, amount: amounts.get(endToEndId) as string, day: dueDay }]);
    const result = (await postReturn(context.app, context.tokens.siege, file)).json() as SepaReturnImportResult;
    expect(result.flux.map((line) => [line.ID_FluxFinancier, line.anomalies])).toEqual([[fluxOf(endToEndId), []]]);
    expect(result.nonAppliques).toEqual([]);
  });

  it('R-RET-07: the batch shows its state and its counts and amounts', async () => {
    const rejected = [ids[0], ids[1], ids[2]].map((id) => Math.round(Number(amounts.get(id as string)) * 100));
    const state = await batch();
    expect(state.etat).toBe('rejete_partiel');
    expect(state.rejetes).toEqual({ nb: 3, cents: rejected.reduce((a, b) => a + b, 0) });
    expect(state.preleves).toEqual({ nb: state.nbFlux - 3, cents: state.totalCents - state.rejetes.cents });
  });

  it('R-RET-06: the relaunch of a selection needs the relaunch grant (clubs cannot relaunch)', async () => {
    const response = await relaunch(context.tokens.club, [fluxOf(ids[0] as string)]);
    expect(response.statusCode, response.body).toBe(403);
    const invalid = await relaunch(context.tokens.siege, []);
    expect(invalid.statusCode).toBe(400);
  });

  it('R-RET-06: one refused flux (settled, or unknown) refuses the whole selection: nothing relaunched', async () => {
    const settled = fluxOf(ids[5] as string);
    await context.database.query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true WHERE id = $1`, [settled]);
    const before = await count(`SELECT count(*)::int AS n FROM "MKP_FluxFinancier"`);
    const response = await relaunch(context.tokens.siege, [fluxOf(ids[0] as string), settled, 999_999_999]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(`flux ${settled} : Ce prélèvement est déjà réglé`);
    expect(response.json().message).toContain('flux 999999999 : Flux introuvable.');
    expect(await count(`SELECT count(*)::int AS n FROM "MKP_FluxFinancier"`)).toBe(before);
  });

  it('R-RET-06: concurrent relaunches of one selection create one new debit per flux; a second call none', async () => {
    const selection = [ids[0], ids[1], ids[2]].map((id) => fluxOf(id as string));
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => relaunch(context.tokens.siege, [...selection].reverse())),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const results = responses.map((response) => response.json() as RelaunchSelectionResult);
    const created = results.flatMap((result) => result.relances);
    expect(created.map((pair) => pair.ID_FluxFinancier).sort()).toEqual([...selection].sort());
    const copies = await context.database.query<{ id: number; original: number }>(
      `SELECT id, (SELECT o.id FROM "MKP_FluxFinancier" o WHERE o."ID_FluxFinancierRelance" = f.id) AS original
         FROM "MKP_FluxFinancier" f WHERE f.id = ANY($1::int[])`,
      [created.map((pair) => pair.ID_FluxFinancierRelance)],
    );
    expect(copies.map((row) => row.original).sort()).toEqual([...selection].sort());
    const audited = `SELECT count(*)::int AS n FROM "APP_AuditLog" WHERE "Action" = 'relance_flux' AND "ID_Cible" = ANY($1::int[])`;
    expect(await count(audited, [selection])).toBe(3);

    const again = (await relaunch(context.tokens.siege, selection)).json() as RelaunchSelectionResult;
    expect(again.relances).toEqual([]);
    expect(again.dejaRelances.map((pair) => pair.ID_FluxFinancierRelance).sort()).toEqual(
      created.map((pair) => pair.ID_FluxFinancierRelance).sort(),
    );
    expect(await count(audited, [selection])).toBe(3);
  });

  it('R-RET-07: every reject relaunched, the batch says so, with the relaunched amount', async () => {
    const state = await batch();
    expect(state.etat).toBe('rejets_relances');
    expect(state.relances).toEqual(state.rejetes);
  });

  it('R-RET-07: a batch whose amounts pass 2^31 cents is listed, never a 500', async () => {
    const rejected = [ids[0], ids[1], ids[2]].map((id) => fluxOf(id as string));
    // 3 x 9,000,000 € = 2,700,000,000 cents, beyond a 32-bit integer (read path only: set in SQL).
    await context.database.query(`UPDATE "MKP_FluxFinancier" SET "MontantTTC" = 9000000 WHERE id = ANY($1::int[])`, [
      rejected,
    ]);
    const state = await batch();
    expect(state.rejetes).toEqual({ nb: 3, cents: 2_700_000_000 });
    expect(state.relances).toEqual({ nb: 3, cents: 2_700_000_000 });
  });
});
