import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';

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
  test.setTimeout(60_000);
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
  const until = dialog.getByLabel('Valider jusqu’au');
  await expect(until).toBeFocused();
  await expectNoAxeViolations(page, 'the validation dialog');
  const jusquau = await until.inputValue();
  expect(jusquau).toBe(fin < today ? fin : today);
  await until.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const done = page.getByText(new RegExp(`^Exercice ${libelle} : [\\d\\s\\u202f]+ écritures? validées?\\.$`));
  await expect(done).toBeVisible();
  const validatedCount = Number(/ : (.+) écriture/.exec(await done.innerText())?.[1]?.replace(/\D/g, ''));
  expect(validatedCount).toBeGreaterThan(0);
  await expect(row.getByRole('cell').nth(5)).toHaveText(shownOf(jusquau));

  // 2. A SAGE file inside the validated range: validated, the same bytes each time, in the history.
  await page.goto('/export-fichiers/sage');
  await page.getByRole('button', { name: 'Par dates' }).click();
  await page.getByLabel('Du', { exact: true }).fill(debut);
  await page.getByLabel('Au', { exact: true }).fill(jusquau);
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
