import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';

// R-SEARCH-01 to R-SEARCH-12: 'Rechercher les flux financiers' against the real server and its demo data.
const SEARCH_PATH = '/gestion-des-finances/flux-financiers';

async function graphql<T>(page: Page, token: string, query: string, structureId?: number): Promise<T> {
  const response = await page.request.post(`/v1/graphql${structureId ? `?structureId=${structureId}` : ''}`, {
    data: { query },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const results = (page: Page) => page.getByRole('table').first();
const bodyRows = (page: Page) => results(page).locator('tbody tr');
const totalText = (page: Page) => page.getByRole('status').filter({ hasText: /flux$/ });

test('a club user searches by label with Enter, opens and closes the detail three ways', async ({ page }) => {
  await signIn(page, 'club@demo.fr');
  await page.goto(SEARCH_PATH);
  await expect(page.getByRole('heading', { name: 'Rechercher les flux financiers', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Masquer les filtres' }).click();
  await expect(page.getByRole('button', { name: 'Afficher les filtres' })).toBeVisible();
  await page.getByRole('button', { name: 'Afficher les filtres' }).click();

  await page.getByLabel('Libellé').fill('Li');
  await page.getByLabel('Libellé').press('Enter');
  await expect(page.getByText('Merci de corriger les champs')).toBeVisible();
  await page.getByLabel('Libellé').fill('Licence');
  await page.getByLabel('Libellé').press('Enter');
  await expect(page).toHaveURL(/libelle=Licence/);
  await expect(bodyRows(page).first()).toBeVisible();
  await expect(bodyRows(page).first()).toContainText(/licence/i);

  const action = bodyRows(page)
    .first()
    .getByRole('button', { name: /Voir le détail du flux/ });
  const dialog = page.getByRole('dialog');
  await action.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: 'Quantité' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(action).toBeFocused();

  await action.click();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();

  await action.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
});

test('a club user downloads a justificatif and exports the search, and a copied link reopens it', async ({ page }) => {
  await signIn(page, 'club@demo.fr');
  await page.goto(`${SEARCH_PATH}?libelle=Affiliation&saison=`);
  await expect(bodyRows(page).first()).toBeVisible();
  const firstId = (await bodyRows(page).first().locator('td').first().textContent())?.trim();

  const pdf = page.waitForEvent('download');
  await bodyRows(page).first().getByRole('button', { name: 'Télécharger le justificatif' }).click();
  const download = await pdf;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^releve-${firstId}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

  const total = Number((await totalText(page).textContent())?.replace(/\D/g, ''));
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter (CSV)' }).click();
  const exported = await csv;
  expect(exported.suggestedFilename()).toBe('flux-financiers.csv');
  const lines = (await readFile(await exported.path(), 'utf8')).trim().split(/\r\n/);
  expect(lines[0]).toContain('N° de flux');
  expect(lines[0]).toContain('Date création');
  expect(lines).toHaveLength(total + 1);
  expect(lines.slice(1).every((line) => line.includes('Affiliation'))).toBe(true);
  // For French Excel (R-SEARCH-17): ';' between fields, amounts as numbers with a decimal comma
  // (never ="..." text), dates JJ/MM/AAAA HH:MM.
  expect(lines[0]).toBe('N° de flux;Structure;Libellé;Débit;Crédit;Date création'); // (the BOM went with trim())
  expect(lines.slice(1).every((line) => /;(\d+,\d{2})?;(\d+,\d{2})?;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(line))).toBe(
    true,
  );

  // The same rows as a workbook: an Office Open XML file (a zip), named .xlsx.
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter (Excel)' }).click();
  const workbook = await xlsx;
  expect(workbook.suggestedFilename()).toBe('flux-financiers.xlsx');
  expect((await readFile(await workbook.path())).subarray(0, 2).toString()).toBe('PK');

  // Sort and page size go to the URL too; the copied URL reopens the same view.
  await results(page).getByRole('button', { name: 'N° de flux' }).click();
  await expect(page).toHaveURL(/tri=id&ordre=asc/);
  const url = page.url();
  // The previous rows stay shown while the sorted page loads: wait for ascending ids.
  const ids = async () => (await bodyRows(page).locator('td:first-child').allTextContents()).map(Number);
  await expect
    .poll(async () => {
      const [first = 0, second = 0] = await ids();
      return first < second;
    })
    .toBe(true);
  const firstSorted = String((await ids())[0]);
  const copy = await page.context().newPage();
  await copy.goto(url);
  await expect(copy.getByLabel('Libellé')).toHaveValue('Affiliation');
  await expect(bodyRows(copy).first().locator('td').first()).toHaveText(firstSorted ?? '');
  await copy.close();
  await page.goBack();
  await expect(page).not.toHaveURL(/tri=id/);
});

test('a head-office user picks another structure of the federation', async ({ page }) => {
  const token = await signIn(page, 'siege@demo.fr');
  const { STR_Structure: clubs } = await graphql<{ STR_Structure: { id: number; NomStructure: string }[] }>(
    page,
    token,
    '{ STR_Structure(where: {ID_Federation: {_eq: 1318}, ID_TypeStructure: {_eq: 1}}, order_by: [{id: asc}], limit: 1) { id NomStructure } }',
    1318,
  );
  const club = clubs[0];
  if (!club) throw new Error('no club in the demo data');
  await page.goto(SEARCH_PATH);
  const picker = page.getByRole('combobox', { name: 'Structure' });
  await picker.fill(club.NomStructure.slice(0, 6));
  await page
    .getByRole('option', { name: new RegExp(club.NomStructure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .click();
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(new RegExp(`structure=${club.id}`));
  await expect(bodyRows(page).first()).toBeVisible();
  const structures = await bodyRows(page).locator('td:nth-child(5)').allTextContents();
  expect(new Set(structures)).toEqual(new Set([club.NomStructure]));
});

// Not a relaunch's copy either: it is dated a month later (R-FLUX-05), a day the search's dates cannot reach yet.
const unpaidDebits = () =>
  `{ MKP_FluxFinancier(where: {ID_CategoryFlux: {_eq: 5}, EST_Debit: {_eq: true}, EST_Reglement: {_eq: false}, ID_FluxFinancierRelance: {_is_null: true}, Z_DateCreation: {_lte: "${new Date().toISOString()}"}}, order_by: {id: desc}, limit: 1) { id Z_DateCreation ID_Structure } }`;
type FluxRef = { id: number; Z_DateCreation: string; ID_Structure: number };

/** Opens the detail of one of the club's unpaid direct debits, searched by its day. */
async function openDebitDetail(page: Page, flux: FluxRef, structureFilter: boolean) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(flux.Z_DateCreation));
  const structure = structureFilter ? `&structure=${flux.ID_Structure}` : '';
  await page.goto(`${SEARCH_PATH}?libelle=Prélèvement&debut=${day}&fin=${day}${structure}`);
  await page.getByRole('button', { name: `Voir le détail du flux ${flux.id}` }).click();
  return page.getByRole('dialog');
}

/** Signs the page in as the club and finds its most recent unpaid direct debit not yet relaunched. */
async function clubUnpaidDebit(page: Page): Promise<FluxRef> {
  const token = await signIn(page, 'club@demo.fr');
  const { MKP_FluxFinancier: unpaid } = await graphql<{ MKP_FluxFinancier: FluxRef[] }>(page, token, unpaidDebits());
  if (!unpaid[0]) throw new Error('no unpaid direct debit in the demo data');
  return unpaid[0];
}

test('a club user is not offered the relaunch of its unpaid direct debit (R-PERM-08)', async ({ page }) => {
  const flux = await clubUnpaidDebit(page);
  const dialog = await openDebitDetail(page, flux, false);
  await expect(dialog.getByRole('button', { name: 'Télécharger la facture (PDF)', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Relancer le prélèvement' })).toHaveCount(0);
});

// R-FACT-12, R-FACT-15: the invoice is a Factur-X (a PDF/A-3 carrying its XML); 'Télécharger le XML' gives that XML alone.
// A licence sale (category 1): never a relaunch's copy, which other tests make and which prints an avis de
// prélèvement (R-FLUX-05, R-FLUX-07: only category-5 debits are relaunched).
const LICENCE_INVOICE = `{ MKP_FluxFinancier(where: {ID_CategoryFlux: {_eq: 1}, EST_Debit: {_eq: true}}, order_by: {id: desc}, limit: 1) { id Z_DateCreation ID_Structure } }`;

test('a club downloads its invoice as Factur-X and the XML alone from the detail modal', async ({ page }) => {
  const token = await signIn(page, 'club@demo.fr');
  const { MKP_FluxFinancier: invoices } = await graphql<{ MKP_FluxFinancier: FluxRef[] }>(page, token, LICENCE_INVOICE);
  const invoice = invoices[0];
  if (!invoice) throw new Error('no licence invoice in the demo data');
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(invoice.Z_DateCreation));
  await page.goto(`${SEARCH_PATH}?saison=&debut=${day}&fin=${day}`);
  await page.getByRole('button', { name: `Voir le détail du flux ${invoice.id}` }).click();
  const dialog = page.getByRole('dialog');
  const id = String(invoice.id);

  const pdfDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Télécharger la facture (PDF)', exact: true }).click();
  const pdf = (await readFile(await (await pdfDownload).path())).toString('latin1');
  expect(pdf.startsWith('%PDF-1.7')).toBe(true);
  expect(pdf).toContain('/AFRelationship /Alternative');
  expect(pdf).toContain('pdfaid:part>3<');

  const xmlDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Télécharger le XML', exact: true }).click();
  const download = await xmlDownload;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^facture-${id}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-FFME-${id}\\.xml$`),
  );
  const xml = await readFile(await download.path(), 'utf8');
  expect(xml).toContain('<rsm:CrossIndustryInvoice');
  expect(xml).toContain(`-FFME-${id}</ram:ID>`);
  expect(xml).toContain('<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>');
});

test("the head office relaunches a club's unpaid direct debit", async ({ page }) => {
  const flux = await clubUnpaidDebit(page);
  await signIn(page, 'siege@demo.fr'); // the head office's session cookie replaces the club's
  const dialog = await openDebitDetail(page, flux, true);
  await dialog.getByRole('button', { name: 'Relancer le prélèvement' }).click();
  await page
    .getByRole('dialog', { name: 'Relancer le prélèvement ?' })
    .getByRole('button', { name: 'Confirmer' })
    .click();
  await expect(page.getByText('Flux de prélèvement relancé')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Relancer le prélèvement' })).toBeHidden();
});

test('a club user cannot reach another structure by editing the URL', async ({ page }) => {
  const token = await signIn(page, 'club@demo.fr');
  const refused = await page.request.post('/v1/graphql?structureId=1318', {
    data: { query: '{ MKP_FluxFinancier(limit: 1) { id } }' },
    headers: { Authorization: `Bearer ${token}` },
  });
  // Hasura-shaped: HTTP 200 with errors and no data.
  const refusal = (await refused.json()) as { data?: unknown; errors?: { message: string }[] };
  expect(refusal.data ?? null).toBeNull();
  expect(refusal.errors?.[0]?.message).toMatch(/accès|structure/i);

  // The club's own structure, as the server scopes its flux.
  const { MKP_FluxFinancier: sample } = await graphql<{
    MKP_FluxFinancier: { STR_Structure: { NomStructure: string } }[];
  }>(page, token, '{ MKP_FluxFinancier(limit: 1) { STR_Structure { NomStructure } } }');
  const own = sample[0]?.STR_Structure.NomStructure;
  await page.goto(`${SEARCH_PATH}?structureId=1318&libelle=Licence&saison=`);
  await expect(bodyRows(page).first()).toBeVisible();
  // R-UI-16: the locked structure is among the filters 'Plus de filtres' opens.
  await page.getByRole('button', { name: 'Plus de filtres' }).click();
  await expect(page.getByRole('textbox', { name: 'Structure', exact: true })).toHaveValue(own ?? '');
  const structures = await bodyRows(page).locator('td:nth-child(5)').allTextContents();
  expect(new Set(structures)).toEqual(new Set([own]));
});

test('the detail modal leads to the printable invoice, with its download and print buttons', async ({ page }) => {
  await signIn(page, 'club@demo.fr');
  await page.goto(`${SEARCH_PATH}?libelle=Licence`);
  await bodyRows(page)
    .first()
    .getByRole('button', { name: /Voir le détail du flux/ })
    .click();
  await page.getByRole('dialog').getByRole('link', { name: 'Afficher la facture à imprimer' }).click();
  await expect(page).toHaveURL(/\/flux-financiers\/\d+\/facture/);
  await expect(page.getByRole('button', { name: 'Télécharger', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Imprimer' })).toBeVisible();
});

// R-SEARCH-12, R-SEARCH-14, R-BAL-03: totals of the search, the payment status filter, and 'Réinitialiser'.
test('a club sees the totals of its search, filters on a status, then resets results and URL', async ({ page }) => {
  test.setTimeout(90_000);
  const token = await signIn(page, 'club@demo.fr');
  const where = { _and: [{ NomFluxFinancier: { _ilike: '%Licence%' } }] };
  const side = (debit: boolean) =>
    `${debit ? 'debit' : 'credit'}: MKP_FluxFinancier_aggregate(where: {_and: [${JSON.stringify(where).replace(/"([A-Za-z_]+)":/g, '$1:')}, {EST_Debit: {_eq: ${debit}}}]}) { aggregate { count sum { MontantTTC MontantRegle ResteDu } } }`;
  type Amount = number | string | null;
  type Side = { aggregate: { count: number; sum: { MontantTTC: Amount; MontantRegle: Amount; ResteDu: Amount } } };
  const expected = await graphql<{ debit: Side; credit: Side }>(page, token, `{ ${side(true)} ${side(false)} }`);
  const cents = (value: Amount) => Math.round(Number(value ?? 0) * 100);
  const euros = (value: number) =>
    new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(value / 100);
  const debit = cents(expected.debit.aggregate.sum.MontantTTC);
  const credit = cents(expected.credit.aggregate.sum.MontantTTC);
  const settled = cents(expected.debit.aggregate.sum.MontantRegle);
  const resteDu = cents(expected.debit.aggregate.sum.ResteDu) + cents(expected.credit.aggregate.sum.ResteDu);
  expect(expected.debit.aggregate.count + expected.credit.aggregate.count).toBeLessThanOrEqual(10_000);

  await page.goto(`${SEARCH_PATH}?libelle=Licence&saison=`);
  await expect(bodyRows(page).first()).toBeVisible({ timeout: 30_000 });
  const summary = page.getByRole('group', { name: 'Totaux de la recherche' });
  await expect(summary).toContainText(`Total facturé : ${euros(debit)}`, { timeout: 20_000 });
  await expect(summary).toContainText(`Total réglé : ${euros(settled)}`);
  await expect(summary).toContainText(`Total avoirs et remboursements : ${euros(credit)}`);
  await expect(summary).toContainText(`Reste dû : ${euros(resteDu)}`);
  await expect(summary.getByRole('button', { name: 'Calculer les totaux' })).toHaveCount(0);

  // Status: every row found carries the badge of the status asked for (R-UI-16: behind 'Plus de filtres').
  await page.getByRole('button', { name: 'Plus de filtres' }).click();
  await page.getByRole('combobox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Payé', exact: true }).click();
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/statut=paye/);
  // The previous rows stay (dimmed) until the new ones arrive.
  const statuses = () =>
    bodyRows(page)
      .locator('[data-status]')
      .evaluateAll((badges) => [...new Set(badges.map((badge) => badge.getAttribute('data-status')))]);
  await expect.poll(statuses, { timeout: 30_000 }).toEqual(['paye']);

  // 'Réinitialiser' drops the results and the search's keys from the URL.
  await page.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(results(page)).toBeHidden();
  await expect(page.getByText('Renseignez les filtres puis lancez la recherche.')).toBeVisible();
  await expect(page).not.toHaveURL(/libelle=|statut=/);
});

// R-SEARCH-23: the number printed on a paper invoice finds its flux, whatever the season filter.
test('a club user finds a flux by its printed invoice number; an unreadable one is named', async ({ page }) => {
  const token = await signIn(page, 'club@demo.fr');
  const { MKP_FluxFinancier: oldest } = await graphql<{ MKP_FluxFinancier: { id: number; ID_Saison: number }[] }>(
    page,
    token,
    '{ MKP_FluxFinancier(order_by: [{ ID_Saison: asc }, { id: asc }], limit: 1) { id ID_Saison } }',
  );
  const flux = oldest[0]!;
  await page.goto(SEARCH_PATH);
  const field = page.getByRole('textbox', { name: 'N° de flux ou de facture' });
  await field.fill('abc');
  await field.press('Enter');
  await expect(
    page.getByText('Saisissez un n° de flux (ex. 49758) ou un n° de facture (ex. 2027-FFME-49758)'),
  ).toBeVisible();
  const printed = `${flux.ID_Saison}-FFME-${flux.id}`;
  await field.fill(printed.toLowerCase());
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`numero=${printed}`, 'i'));
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(String(flux.id));
});
