import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';

test.describe.configure({ timeout: 180_000 });

/** The official schemas, copied unmodified in the repository's test-fixtures (its README). */
const XSD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'test-fixtures',
  'xsd',
  'pain.001.001.09.xsd',
);

interface PreviewRow {
  structureId: number;
  niveau: string;
  acquisCentimes: number;
}

// R-PAY-01, R-PAY-03, R-PAY-05 to R-PAY-08: the head office sets the ligues' share of the
// licences in its settings; the season's settled licences earn it at once, and a ligue's page
// shows it; 'Générer les virements SEPA' previews, generates and downloads a pain.001 file that
// its official schema accepts.
test('a ligue’s share set, seen on the ligue’s page, paid by a downloaded credit-transfer file', async ({ page }) => {
  const token = await signIn(page, 'siege@demo.fr');
  await page.goto('/gestion-comptabilite/parametrages/flux-financier');
  const shares = page.getByRole('region', { name: 'Quotes-parts des ligues et comités' });
  await shares.getByRole('combobox', { name: 'Catégorie ou tarif' }).click();
  await page.getByRole('option', { name: 'Licence', exact: true }).click();
  await shares.getByRole('combobox', { name: 'Niveau' }).click();
  await page.getByRole('option', { name: 'Ligue', exact: true }).click();
  await shares.getByRole('textbox', { name: 'Taux (%)' }).fill('10');
  await shares.getByRole('button', { name: 'Enregistrer la quote-part' }).click();
  await expect(shares.getByRole('table', { name: 'Quotes-parts des ligues et comités' })).toContainText('10 %');
  await expectNoAxeViolations(page, 'Quotes-parts');

  // A ligue that earned its share of the season's settled licences, and its page.
  const answer = await page.request.get('/api/exports/sepa/virements/apercu', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  const preview = (await answer.json()) as { payables: PreviewRow[]; exclues: PreviewRow[] };
  const ligue = [...preview.payables, ...preview.exclues].find(
    (row) => row.niveau === 'ligue' && row.acquisCentimes > 0,
  );
  expect(ligue, 'a ligue earned a share').toBeDefined();
  await page.goto(`/gestion-des-finances/structures/${ligue!.structureId}/situation`);
  const earned = page.getByRole('region', { name: 'Quotes-parts acquises' });
  await expect(earned).toContainText('Cumul acquis');
  await expect(earned.getByRole('table')).toContainText('Acquisition');

  await page.goto('/export-fichiers/sepa');
  await expect(page.getByRole('heading', { name: 'Générer les virements SEPA' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Structures à payer et montants dus' })).toBeVisible();
  await expectNoAxeViolations(page, 'Générer les virements SEPA');
  await page.getByRole('button', { name: 'Générer le fichier de virements' }).click();
  const dialog = page.getByRole('dialog', { name: 'Générer le fichier de virements ?' });
  await dialog.getByRole('button', { name: 'Générer', exact: true }).click();
  const result = page.getByRole('alert').filter({ hasText: /Fichier .* généré/ });
  await expect(result).toBeVisible();
  const download = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Télécharger' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^virements-sepa-\d+-\d{4}-\d{2}-\d{2}\.xml$/);
  const saved = path.join(await mkdtemp(path.join(tmpdir(), 'gdf-e2e-')), file.suggestedFilename());
  await file.saveAs(saved);
  await promisify(execFile)('xmllint', ['--noout', '--schema', XSD, saved]);
  await expect(page.getByRole('table', { name: 'Fichiers de virements générés' })).toContainText(
    file.suggestedFilename(),
  );
});
