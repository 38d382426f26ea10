import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';
import { dateField, fillDate } from './support/date-field';

// R-JOB-01, R-JOB-03, R-JOB-04: 'Valider les écritures' runs as a job; 'Mes traitements' (from the
// top bar) lists it with its outcome and serves its result.

const shownOf = (iso: string) => iso.split('-').reverse().join('/');
const parisToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
/** The day after `iso`. */
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

test('a validation runs as a job, followed in the dialog and listed in Mes traitements with its result', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const today = parisToday();
  // Only the head office validates (R-LEDG-07). One day of its ended open year, the oldest open
  // one: this file runs before accounting-periods.spec.ts (file order), which validates the
  // current year to today and the ended one to its end, then closes it.
  const token = await signIn(page, 'siege@demo.fr');
  const response = await page.request.get('/api/parametrages-comptables/exercices', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { exercices } = (await response.json()) as {
    exercices: Array<{ libelle: string; statut: string; debut: string; fin: string; valideJusquau: string | null }>;
  };
  const open = exercices
    .filter((y) => y.statut === 'ouvert')
    .map((y) => ({ ...y, jusquau: y.valideJusquau === null ? y.debut : nextDay(y.valideJusquau) }))
    .find((y) => y.jusquau <= y.fin && y.jusquau <= today);
  expect(open, 'an open year with a day left to validate').toBeDefined();
  const { libelle, jusquau } = open!;

  await page.goto('/gestion-comptabilite/parametrages/flux-financier');
  const years = page.getByRole('table', { name: 'Exercices comptables', exact: true });
  const row = years.locator('tbody tr', { has: page.getByRole('cell', { name: libelle, exact: true }) });
  await row.getByRole('button', { name: `Valider les écritures de l’exercice ${libelle}` }).click();
  const dialog = page.getByRole('dialog', { name: `Valider les écritures de l’exercice ${libelle}` });
  await fillDate(dateField(dialog, 'Valider jusqu’au'), jusquau);
  await dialog.getByRole('button', { name: 'Valider les écritures' }).click();
  // A quick job answers at once; a longer one shows its progress in the dialog until it ends.
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByText(new RegExp(`^Exercice ${libelle} : .* validées?\\.$`))).toBeVisible();
  await expect(row.getByRole('cell').nth(5)).toHaveText(shownOf(jusquau));

  // 'Mes traitements' from the top bar: the job, finished, with its result.
  await page.getByRole('link', { name: 'Mes traitements' }).click();
  await expect(page).toHaveURL(/\/mes-traitements/);
  await expect(page.getByRole('heading', { name: 'Mes traitements', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Traitements, du plus récent au plus ancien' });
  const item = list.getByRole('listitem').filter({
    hasText: `Validation des écritures ${libelle} jusqu’au ${shownOf(jusquau)}`,
  });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Terminé');
  await expect(item).toContainText(/écriture\(s\) validée\(s\)/);
  await expectNoAxeViolations(page, 'Mes traitements');

  const download = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Télécharger le résultat' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^traitement-\d+\.json$/);
  const summary = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    nbEcritures: number;
    exercice: { valideJusquau: string };
  };
  expect(summary.exercice.valideJusquau).toBe(jusquau);
  expect(summary.nbEcritures).toBeGreaterThanOrEqual(0);
});
