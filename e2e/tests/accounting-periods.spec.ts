import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';
import { dateField, dateOf, fillDate, focusedWithin, shownDate } from './support/date-field';

// R-LEDG-07, R-LEDG-10: validate a period, then its SAGE file is the same bytes every time; an unfinished year's FEC is a brouillard.

/** 'dd/mm/yyyy' as the tables show it -> 'yyyy-mm-dd'. */
const isoOf = (shown: string) => shown.split('/').reverse().join('-');
const shownOf = (iso: string) => iso.split('-').reverse().join('/');
/** The Paris day, as the server and the dialog count it. */
const parisToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

async function sha256Of(download: Promise<Download>): Promise<{ name: string; sha: string }> {
  const file = await download;
  const bytes = await readFile(await file.path());
  return { name: file.suggestedFilename(), sha: createHash('sha256').update(bytes).digest('hex') };
}

interface YearRow {
  libelle: string;
  debut: string;
  fin: string;
  /** null for '—'. */
  valideJusquau: string | null;
  row: Locator;
}

/** The open years (those offering 'Valider les écritures'), newest first as the table lists them. */
async function openYears(table: Locator): Promise<YearRow[]> {
  const validate = table.page().getByRole('button', { name: /^Valider les écritures de l’exercice/ });
  const rows = table.locator('tbody tr', { has: validate });
  const years: YearRow[] = [];
  for (const row of await rows.all()) {
    const cells = row.getByRole('cell');
    const shownValidated = (await cells.nth(5).innerText()).trim();
    years.push({
      libelle: (await cells.nth(1).innerText()).trim(),
      debut: isoOf((await cells.nth(2).innerText()).trim()),
      fin: isoOf((await cells.nth(3).innerText()).trim()),
      valideJusquau: shownValidated === '—' ? null : isoOf(shownValidated),
      row,
    });
  }
  return years;
}

const downloadOn = (page: Page, click: () => Promise<void>) => {
  const download = page.waitForEvent('download');
  return click().then(() => sha256Of(download));
};

test('the head office validates its entries, exports the same SAGE file twice and gets a brouillard FEC', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const today = parisToday();
  await signIn(page, 'siege@demo.fr');

  // 1. 'Valider les écritures' on the latest open year that still has days to validate.
  await page.goto('/gestion-comptabilite/parametrages/flux-financier');
  const years = page.getByRole('table', { name: 'Exercices comptables', exact: true });
  await expect(years.getByRole('button', { name: /^Valider les écritures de l’exercice/ }).first()).toBeVisible({
    timeout: 20_000,
  });
  const candidates = await openYears(years);
  const year = candidates.find((y) => {
    const lastDay = y.fin < today ? y.fin : today;
    return y.valideJusquau === null || y.valideJusquau < lastDay;
  });
  expect(year, `an open year to validate among ${candidates.map((y) => y.libelle).join(', ')}`).toBeDefined();
  const { libelle, debut, fin, row } = year!;

  await row.getByRole('button', { name: `Valider les écritures de l’exercice ${libelle}` }).click();
  const dialog = page.getByRole('dialog', { name: `Valider les écritures de l’exercice ${libelle}` });
  const until = dateField(dialog, 'Valider jusqu’au');
  await expect.poll(() => focusedWithin(until)).toBe(true);
  await expectNoAxeViolations(page, 'the validation dialog');
  const jusquau = await dateOf(until);
  expect(jusquau).toBe(fin < today ? fin : today);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const done = page.getByText(new RegExp(`^Exercice ${libelle} : [\\d\\s\\u202f]+ écritures? validées?\\.$`));
  await expect(done).toBeVisible();
  const validatedCount = Number(/ : (.+) écriture/.exec(await done.innerText())?.[1]?.replace(/\D/g, ''));
  expect(validatedCount).toBeGreaterThan(0);
  await expect(row.getByRole('cell').nth(5)).toHaveText(shownOf(jusquau));

  // 2. A SAGE file inside the validated range: validated, the same bytes each time, in the history.
  await page.goto('/export-fichiers/sage');
  await page.getByRole('button', { name: 'Par dates' }).click();
  await fillDate(dateField(page, 'Du'), debut);
  await fillDate(dateField(page, 'Au'), jusquau);
  await page.getByRole('button', { name: 'Aperçu des écritures' }).click();
  await expect(page.getByText('Période validée : le fichier reprend les écritures validées.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/^Période non validée/)).toHaveCount(0);
  if (year!.valideJusquau === null) {
    // Nothing was validated before: the range holds exactly the entries just validated.
    const entries = page.getByRole('table', { name: 'Totaux des écritures' }).getByRole('row', { name: /^Écritures/ });
    expect(Number((await entries.getByRole('cell').last().innerText()).replace(/\D/g, ''))).toBe(validatedCount);
  }

  const downloadSage = page.getByRole('button', { name: 'Télécharger le fichier Sage' });
  const first = await downloadOn(page, () => downloadSage.click());
  expect(first.name).toBe(`SAGE_${debut.replaceAll('-', '')}_${jusquau.replaceAll('-', '')}.pnm`);
  expect(first.name).not.toContain('BROUILLARD');
  await expect(downloadSage).toBeEnabled();
  const second = await downloadOn(page, () => downloadSage.click());
  expect(second).toEqual(first);

  const history = page.getByRole('table', { name: 'Historique des fichiers produits' });
  const produced = history.locator('tbody tr', { hasText: first.sha.slice(0, 12) });
  await expect(produced).toHaveCount(2);
  await expectNoAxeViolations(page, 'the SAGE page with its history');
  for (const line of await produced.all()) {
    await expect(line).toContainText('PNM');
    await expect(line.getByText('Validé', { exact: true })).toBeVisible();
    await expect(line).toContainText(`${shownOf(debut)} – ${shownOf(jusquau)}`);
  }
  const again = await downloadOn(page, () =>
    produced
      .first()
      .getByRole('button', { name: `Télécharger ${first.name}` })
      .click(),
  );
  expect(again).toEqual(first);

  // 3. The FEC of a year not validated to its end is a brouillard, never named as a FEC.
  const draft = candidates
    .map((y) => (y === year ? { ...y, valideJusquau: jusquau } : y))
    .find((y) => y.valideJusquau !== y.fin);
  expect(draft, 'an open year not validated to its end').toBeDefined();
  const fec = page.getByRole('region', { name: 'FEC (fichier des écritures comptables)' });
  const choice = fec.getByRole('combobox', { name: /^Exercice/ });
  await choice.focus();
  await choice.press('ArrowDown');
  await page.getByRole('option', { name: draft!.libelle, exact: true }).click();
  await expect(choice).toContainText(draft!.libelle);
  await expect(fec.getByText(/le fichier sera un brouillard \(écritures provisoires\), pas un FEC\.$/)).toBeVisible();
  const provisional = await downloadOn(page, () => fec.getByRole('button', { name: 'Télécharger le FEC' }).click());
  expect(provisional.name).toContain('BROUILLARD');
  expect(provisional.name).not.toContain('FEC');
  expect(provisional.name).toMatch(new RegExp(`BROUILLARD${draft!.fin.replaceAll('-', '')}\\.txt$`));
});

/** A downloaded text file's records (Latin-9, CRLF), split on tabs. */
async function recordsOf(download: Promise<Download>): Promise<{ name: string; rows: string[][] }> {
  const file = await download;
  const text = new TextDecoder('iso-8859-15').decode(await readFile(await file.path()));
  const rows = text
    .split('\r\n')
    .slice(1, -1)
    .map((line) => line.split('\t'));
  return { name: file.suggestedFilename(), rows };
}

// R-LEDG-09, R-LEDG-13: a year validated to its last day closes, and the next year's FEC opens with its à-nouveaux.
test('the head office closes a year validated to its last day; the next year’s FEC starts with its opening entries', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const today = parisToday();
  await signIn(page, 'siege@demo.fr');
  // R-UI-20: from the dashboard to the fiscal years, then to the FEC, by links only (no address typed).
  await page.goto('/gestion-des-finances');
  await page.getByRole('link', { name: 'Exercices comptables : valider les écritures, clôturer un exercice' }).click();
  await expect(page).toHaveURL(/\/gestion-comptabilite\/parametrages\/flux-financier/);
  const table = page.getByRole('table', { name: 'Exercices comptables', exact: true });
  const close = table.getByRole('button', { name: /^Clôturer l’exercice / });
  await expect(close.first()).toBeVisible({ timeout: 20_000 });
  // The one year offering 'Clôturer': ended, open, the years before it closed.
  const ended = (await openYears(table)).find((y) => y.fin < today)!;
  expect(ended, 'an ended open year').toBeDefined();
  const { libelle, fin, row } = ended;

  // 1. 'Valider les écritures' up to the year's last day (the dialog proposes it).
  if (ended.valideJusquau !== fin) {
    await row.getByRole('button', { name: `Valider les écritures de l’exercice ${libelle}` }).click();
    const dialog = page.getByRole('dialog', { name: `Valider les écritures de l’exercice ${libelle}` });
    const until = dateField(dialog, 'Valider jusqu’au');
    await expect(until.locator('input')).toHaveValue(shownDate(fin));
    await expect.poll(() => focusedWithin(until)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden({ timeout: 60_000 });
    await expect(row.getByRole('cell').nth(5)).toHaveText(shownOf(fin));
  }

  // 2. Then 'Clôturer l’exercice': nothing left to validate, the year closes.
  await row.getByRole('button', { name: `Clôturer l’exercice ${libelle}` }).click();
  const confirm = page.getByRole('dialog', { name: `Clôturer l’exercice ${libelle} ?` });
  await expect(confirm).toContainText('reportés en à-nouveaux (journal AN)');
  await confirm.getByRole('button', { name: 'Clôturer l’exercice' }).click();
  await expect(confirm).toBeHidden({ timeout: 60_000 });
  await expect(page.getByText(new RegExp(`^Exercice ${libelle} clôturé : 0 écriture`))).toBeVisible();
  const closedRow = table.locator('tbody tr', { hasText: libelle }).first();
  await expect(closedRow).toContainText('Clôturé');
  await expect(table.getByRole('button', { name: `Clôturer l’exercice ${libelle}` })).toHaveCount(0);

  // 3. The closed year's FEC is a FEC (the server checked it against A47 A-1), and the next
  // year's file opens with its à-nouveaux: journal AN, numbered first, dated its first day.
  await page.getByRole('banner').getByRole('link', { name: 'Gestion des finances' }).click();
  await page.getByRole('link', { name: 'SAGE/SEPA' }).click();
  await page.getByRole('link', { name: 'SAGE', exact: true }).click();
  await expect(page).toHaveURL(/\/export-fichiers\/sage/);
  const fec = page.getByRole('region', { name: 'FEC (fichier des écritures comptables)' });
  const choice = fec.getByRole('combobox', { name: /^Exercice/ });
  const pick = async (label: string) => {
    await choice.focus();
    await choice.press('ArrowDown');
    await page.getByRole('option', { name: label, exact: true }).click();
    await expect(choice).toContainText(label);
  };
  await pick(`${libelle} (clôturé)`);
  await expect(fec.getByText('Exercice validé jusqu’à sa fin : le fichier est le FEC de l’exercice.')).toBeVisible();
  const closedFec = await recordsOf(
    Promise.all([page.waitForEvent('download'), fec.getByRole('button', { name: 'Télécharger le FEC' }).click()]).then(
      ([download]) => download,
    ),
  );
  expect(closedFec.name).toMatch(new RegExp(`^\\d{9}FEC${fin.replaceAll('-', '')}\\.txt$`));

  const nextStart = new Date(`${fin}T00:00:00Z`);
  nextStart.setUTCDate(nextStart.getUTCDate() + 1);
  const debut = nextStart.toISOString().slice(0, 10);
  const nextLabel = `${debut.slice(0, 4)}-${Number(debut.slice(0, 4)) + 1}`;
  await pick(nextLabel);
  const next = await recordsOf(
    Promise.all([page.waitForEvent('download'), fec.getByRole('button', { name: 'Télécharger le FEC' }).click()]).then(
      ([download]) => download,
    ),
  );
  const opening = next.rows.filter((r) => r[0] === 'AN');
  expect(opening.length).toBeGreaterThan(1);
  expect(next.rows.slice(0, opening.length)).toEqual(opening);
  const number = `AN${Number(debut.slice(0, 4)) + 1}-000001`;
  for (const record of opening) {
    expect(record.slice(0, 4)).toEqual(['AN', 'À nouveaux', number, debut.replaceAll('-', '')]);
    expect(record[10]).toBe(`À nouveaux de l'exercice ${libelle}`);
  }
  // Third parties (411) and the result are carried; no revenue or expense account is.
  expect(opening.some((r) => r[4]!.startsWith('411'))).toBe(true);
  expect(opening.some((r) => /^[67]/.test(r[4]!))).toBe(false);
  const cents = (text: string) => Number(text.replace(',', ''));
  const debit = opening.reduce((sum, r) => sum + cents(r[11]!), 0);
  expect(opening.reduce((sum, r) => sum + cents(r[12]!), 0)).toBe(debit);
});
