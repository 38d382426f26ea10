import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';

// R-RET-01 to R-RET-04: generate a batch, import the bank's returns, see the flux rejected, relaunch it.
const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.resolve(here, '../../apps/server/test/fixtures/sepa-returns/pain.002.001.03.xml');

test('the head office imports a pain.002 of its batch, finds the flux rejected and relaunches one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'siege@demo.fr');
  await page.goto('/export-fichiers/sepa');
  await expect(page.getByRole('heading', { name: 'Prélèvements SEPA' })).toBeVisible();

  // 1. A batch: its file names each debit by EndToEndId.
  const generate = page.getByRole('button', { name: 'Générer et télécharger le fichier' });
  await expect(generate).toBeEnabled({ timeout: 20_000 });
  await generate.click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Générer' })).toBeVisible();
  await expectNoAxeViolations(page, 'the SEPA generation dialog');
  const download = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'Générer' }).click();
  const pain008 = await readFile(await (await download).path(), 'utf8');
  const ids = [...pain008.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((match) => match[1] as string);
  expect(ids.length).toBeGreaterThanOrEqual(4);
  const messageId = /<MsgId>([^<]+)<\/MsgId>/.exec(pain008)?.[1] as string;

  // 2. The bank's status report, from the hand-written fixture, naming that batch's debits.
  const report = (await readFile(FIXTURE, 'utf8'))
    .replaceAll('{{MSG_ID}}', messageId)
    .replaceAll('{{E2E_A}}', ids[0] as string)
    .replaceAll('{{E2E_B}}', ids[1] as string)
    .replaceAll('{{E2E_ALREADY}}', ids[2] as string)
    .replaceAll('{{E2E_OK}}', ids[3] as string);
  // The returns have their own tab on the SEPA page (R-BANK-07).
  await page.getByRole('tab', { name: 'Retours' }).click();
  await expect(page).toHaveURL(/onglet=retours/);
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Importer un retour bancaire' }) });
  await section.getByLabel('Fichier de retour bancaire (XML)').setInputFiles({
    name: 'rejets.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(report, 'utf8'),
  });
  const preview = section.getByRole('table', { name: 'Flux qui seront marqués rejetés' });
  await expect(preview.locator('tbody tr')).toHaveCount(3);
  await expect(preview).toContainText('AM04 - Provision insuffisante');
  await expect(section.getByRole('table', { name: /sans flux correspondant/ })).toContainText('GDF-999999-999999');
  await expectNoAxeViolations(page, 'the SEPA page with a return file read');
  await section.getByRole('button', { name: 'Importer le retour' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Importer le retour' }).click();
  await expect(section.getByText('Import terminé : 3 flux marqués rejetés.')).toBeVisible();

  // 3. The flux search shows them rejected, with the reason in the detail, and relaunches one.
  const fluxId = (ids[0] as string).split('-').at(-1) as string;
  await page.goto('/gestion-des-finances/flux-financiers?statut=rejete&saison=');
  const row = page
    .getByRole('table')
    .first()
    .locator('tbody tr', { has: page.getByRole('cell', { name: fluxId, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row.getByLabel(/Prélèvement rejeté par la banque : AM04 - Provision insuffisante/)).toBeVisible();
  await row.getByRole('button', { name: `Voir le détail du flux ${fluxId}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText(/Prélèvement rejeté par la banque le 10\/03\/2026 : AM04 - Provision insuffisante/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Relancer le prélèvement' }).click();
  await page
    .getByRole('dialog', { name: 'Relancer le prélèvement ?' })
    .getByRole('button', { name: 'Confirmer' })
    .click();
  await expect(page.getByText('Flux de prélèvement relancé')).toBeVisible();
});
