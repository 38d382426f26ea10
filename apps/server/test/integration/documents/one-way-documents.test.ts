import type { IssuedReminder } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { insertFlux, oneId } from './document-fixtures';
import { pdfBody, useDocumentSuite } from './document-suite';
import { pdfText } from './pdf-tools';
import { readZip } from './zip-tools';

/** Excel's serial of a day: days since 1899-12-30. */
const daySerial = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000 + 25_569;

/** The worksheet's cell `ref` as written, and the number format of its style. */
function xlsxCell(xlsx: Buffer, ref: string): { xml: string; numberFormat: string | null } {
  const entries = readZip(xlsx);
  const sheet = entries.get('xl/worksheets/sheet1.xml')!.toString('utf8');
  const styles = entries.get('xl/styles.xml')!.toString('utf8');
  const xml = new RegExp(`<c r="${ref}"[^>]*>.*?</c>`).exec(sheet)?.[0] ?? '';
  const style = /\ss="(\d+)"/.exec(xml)?.[1];
  if (style === undefined) return { xml, numberFormat: null };
  const xf = [...styles.split('<cellXfs')[1]!.matchAll(/<xf numFmtId="(\d+)"/g)][Number(style)]![1];
  const format = new RegExp(`<numFmt numFmtId="${xf}" formatCode="([^"]+)"`).exec(styles)?.[1] ?? null;
  return { xml, numberFormat: format };
}

/** One way for each thing in the files a structure receives. */
describe.each(testDatabaseTargets())('documents written one way on $name', (target) => {
  const suite = useDocumentSuite(target);

  it('R-STMT-03, R-EXP-01: the relevé de compte’s xlsx holds its days as date cells (a number, JJ/MM/AAAA)', async () => {
    await insertFlux(suite.database, {
      name: 'Licences décembre',
      categoryId: 4,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: '42.50',
      createdAt: '2030-12-15T10:00:00Z',
    });
    const response = await suite.get(
      `/api/structures/${suite.clubStructureId}/releve-de-compte?du=2030-12-01&au=2030-12-31&format=xlsx`,
      suite.clubToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    const sheet = readZip(response.rawPayload).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    // Header lines, then the labels' row: the opening balance is the first row under it.
    const labelsRow = Number(/<row r="(\d+)"><c r="A\d+" t="inlineStr" s="\d+"><is><t>Date<\/t>/.exec(sheet)?.[1]);
    expect(labelsRow).toBeGreaterThan(0);
    const opening = xlsxCell(response.rawPayload, `A${labelsRow + 1}`);
    expect(opening.xml).not.toContain('inlineStr');
    expect(opening.xml).toContain(`<v>${daySerial('2030-12-01')}</v>`);
    expect(opening.numberFormat).toBe('dd/mm/yyyy');
    const movement = xlsxCell(response.rawPayload, `A${labelsRow + 2}`);
    expect(movement.xml).toContain(`<v>${daySerial('2030-12-15')}</v>`);
    expect(movement.numberFormat).toBe('dd/mm/yyyy');
    // No day written as text anywhere in the sheet's cells.
    expect(sheet).not.toMatch(/<t>\d{2}\/\d{2}\/\d{4}<\/t>/);
  });

  it('R-DUE-03: a letter from the head office prints no federal code for it (its placeholder 000), the club’s code for the club', async () => {
    const headOffice = await oneId(suite.database, `SELECT id FROM "STR_Structure" WHERE "ID_CodeFederal" = '000'`);
    const [club] = await suite.database.query<{ code: string }>(
      `SELECT "ID_CodeFederal" AS code FROM "STR_Structure" WHERE id = $1`,
      [suite.clubStructureId],
    );
    expect(club!.code).toMatch(/[1-9]/);
    await insertFlux(suite.database, {
      name: 'Licences en retard',
      categoryId: 4,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: '80.00',
      createdAt: '2024-01-05T10:00:00Z',
      dueDate: '2024-01-10',
    });
    const issued = await suite.app.inject({
      method: 'POST',
      url: '/api/impayes/relances',
      headers: { authorization: `Bearer ${suite.siegeToken}` },
      payload: { structureIds: [suite.clubStructureId], level: 1 },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const [letter] = issued.json<{ relances: IssuedReminder[] }>().relances;
    const text = pdfText(pdfBody(await suite.get(`/api/impayes/relances/${letter!.id}/lettre.pdf`, suite.siegeToken)));
    expect(text).not.toContain('Code fédéral : 000');
    expect(text).toContain(`Code fédéral : ${club!.code}`);

    // The head office's own relevé de compte alike.
    const statement = await suite.get(
      `/api/structures/${headOffice}/releve-de-compte?du=2030-12-01&au=2030-12-31&format=pdf`,
      suite.siegeToken,
    );
    const statementText = pdfText(pdfBody(statement));
    expect(statementText).toContain('Relevé de compte');
    expect(statementText).not.toContain('Code fédéral');
  });
});
