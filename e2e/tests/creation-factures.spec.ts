import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { signIn } from './support/session';

/** The messages the e2e SMTP server kept (serve.mjs), parsed back; the first one to `to`. */
async function receivedMail(to: string): Promise<ParsedMail> {
  const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.data', 'smtp-recu');
  for (const name of (await readdir(folder)).sort()) {
    const parsed = await simpleParser(await readFile(path.join(folder, name)));
    const addressed = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(',') : (parsed.to?.text ?? '');
    if (addressed.includes(to)) return parsed;
  }
  throw new Error(`aucun message reçu pour ${to}`);
}

// R-INV-05 to R-INV-07, R-MAIL-01 to R-MAIL-04: the head office makes a draft, previews it, issues
// it after the confirmation, sends it by e-mail through a real SMTP server (serve.mjs) and sees
// it 'Envoyé' in its log and in the server's mailbox, then an avoir on it; the structure's balance (R-BAL-01) follows each step.
test('a draft previewed, issued, e-mailed, then credited by an avoir: the balance follows', async ({ page }) => {
  test.slow();
  const token = await signIn(page, 'siege@demo.fr');
  const api = (url: string) => page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  const impayes = (await (await api('/api/impayes?format=json')).json()) as {
    rows: Array<{ structure: { id: number; name: string; code: string | null } }>;
  };
  const structure = impayes.rows[0]!.structure;
  const structureId = structure.id;
  const balance = async () =>
    ((await (await api(`/api/structures/${structureId}/situation`)).json()) as { balance: number }).balance;
  const before = await balance();

  await page.goto('/gestion-des-finances/creation-factures');
  await expect(page.getByRole('heading', { name: 'Création factures', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nouveau brouillon' }).click();
  // The structure is picked by its federal code (or name) among those the head office sees.
  await page.getByRole('combobox', { name: 'Structure facturée' }).fill(structure.code ?? structure.name);
  await page
    .getByRole('option', {
      name: structure.code ? `${structure.name} (${structure.code})` : structure.name,
      exact: true,
    })
    .click();
  await page.getByRole('textbox', { name: 'Libellé de la facture' }).fill('Stage e2e');
  await page.getByRole('textbox', { name: 'Désignation' }).fill('Journée de stage');
  await page.getByRole('textbox', { name: 'Prix unitaire (€)' }).fill('45,00');
  await page.getByRole('spinbutton', { name: 'Quantité' }).fill('2');
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  const row = page.getByRole('table', { name: 'Brouillons' }).getByRole('row').filter({ hasText: 'Stage e2e' }).first();
  // The preview: a PDF from the server, marked 'BROUILLON', and still a draft afterwards.
  const preview = page.waitForResponse((response) => /\/apercu\.pdf/.test(response.url()));
  await row.getByRole('button', { name: 'Aperçu' }).click();
  const previewed = await preview;
  expect(previewed.status()).toBe(200);
  expect(previewed.headers()['content-type']).toContain('application/pdf');
  // Shown in the page, not in a window a popup blocker would stop; closed with 'Fermer'.
  const previewDialog = page.getByRole('dialog', { name: 'Aperçu du brouillon « Stage e2e »' });
  await expect(previewDialog.getByRole('link', { name: 'Télécharger' })).toHaveAttribute('href', /^blob:/);
  await previewDialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(previewDialog).toBeHidden();
  // The same preview read again through the API (the page's own read of it is not kept by the browser).
  const again = await page.request.get(previewed.url(), { headers: { authorization: `Bearer ${token}` } });
  expect((await again.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(row.getByRole('button', { name: 'Émettre' })).toBeVisible();
  await row.getByRole('button', { name: 'Émettre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Émettre la facture ?' });
  await dialog.getByRole('button', { name: 'Émettre' }).click();
  const notice = page.getByRole('status').filter({ hasText: /Facture \d{4}-FFME-\d+ émise\./ });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  const fluxId = /FFME-(\d+)/.exec(await notice.innerText())![1]!;
  await expect.poll(balance).toBe(before + 9_000);

  // Its billing e-mail on the structure's page, then 'Envoyer par e-mail' on the facture.
  await page.goto(`/gestion-des-finances/structures/${structureId}/situation`);
  const billing = page.getByRole('region', { name: 'E-mail de facturation' });
  await billing.getByRole('textbox', { name: 'E-mail de facturation' }).fill('tresorerie-e2e@club.example.fr');
  await billing.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('E-mail de facturation enregistré.')).toBeVisible();
  await page.goto(`/gestion-des-finances/flux-financiers/${fluxId}/facture`);
  await page.getByRole('button', { name: /Envoyer par e-mail/ }).click();
  await expect(page.getByText(/Envoi demandé à tresorerie-e2e@club\.example\.fr/)).toBeVisible({ timeout: 30_000 });
  const log = page.getByRole('table').filter({ hasText: 'tresorerie-e2e@club.example.fr' });
  await expect(log.getByText(/Envoyé le/)).toBeVisible({ timeout: 60_000 });
  // The message the SMTP server received (serve.mjs): to the billing address, the facture attached byte for byte.
  const sent = await receivedMail('tresorerie-e2e@club.example.fr');
  expect(sent.subject).toContain(`Facture n° `);
  const issuedPdf = await (await api(`/api/flux/${fluxId}/facture.pdf`)).body();
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  expect(sent.attachments.map((attachment) => sha256(attachment.content))).toContain(sha256(issuedPdf));

  await page.goto('/gestion-des-finances/creation-factures');

  await page.getByRole('tab', { name: 'Avoir sur une facture' }).click();
  await page.getByRole('textbox', { name: 'N° de flux de la facture' }).fill(fluxId);
  await page.getByRole('button', { name: 'Émettre l’avoir' }).click();
  await page
    .getByRole('dialog', { name: 'Émettre l’avoir ?' })
    .getByRole('button', { name: 'Émettre l’avoir' })
    .click();
  await expect(page.getByText(/Avoir \d{4}-FFME-\d+ émis\./)).toBeVisible({ timeout: 30_000 });
  await expect.poll(balance).toBe(before);
});
