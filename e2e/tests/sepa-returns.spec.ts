import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';

// R-RET-01 to R-RET-07: generate a batch, import the bank's returns, follow them to the flux
// search, relaunch them from the result, see the batch's counts.

test('the head office imports a pain.002 of its batch, relaunches the rejected flux and sees the batch counts', async ({
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

  // 2. The bank's status report (pain.002.001.03, EPC subset) rejecting three of its debits:
  //    two at their amount on the collection date, one for 1 € less (an anomaly, R-RET-05), and
  //    a reference naming no flux of ours.
  const amounts = [...pain008.matchAll(/<InstdAmt Ccy="EUR">([^<]+)<\/InstdAmt>/g)].map((match) => match[1] as string);
  const dueDay = /<ReqdColltnDt>([^<]+)<\/ReqdColltnDt>/.exec(pain008)?.[1] as string;
  const rejects = [
    { id: ids[0] as string, amount: amounts[0] as string },
    { id: ids[1] as string, amount: amounts[1] as string },
    { id: ids[2] as string, amount: (Number(amounts[2]) - 1).toFixed(2) },
    { id: 'GDF-999999-999999', amount: '99.99' },
  ];
  const report = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>
  <GrpHdr><MsgId>PSR-E2E-1</MsgId><CreDtTm>${dueDay}T09:15:27</CreDtTm></GrpHdr>
  <OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId>
    <GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
  <OrgnlPmtInfAndSts><OrgnlPmtInfId>${messageId}-1</OrgnlPmtInfId><PmtInfSts>PART</PmtInfSts>
${rejects
  .map(
    (
      item,
      index,
    ) => `    <TxInfAndSts><StsId>S-${index}</StsId><OrgnlEndToEndId>${item.id}</OrgnlEndToEndId><TxSts>RJCT</TxSts>
      <StsRsnInf><Rsn><Cd>AM04</Cd></Rsn></StsRsnInf>
      <OrgnlTxRef><Amt><InstdAmt Ccy="EUR">${item.amount}</InstdAmt></Amt><ReqdColltnDt>${dueDay}</ReqdColltnDt></OrgnlTxRef>
    </TxInfAndSts>`,
  )
  .join('\n')}
  </OrgnlPmtInfAndSts>
</CstmrPmtStsRpt></Document>`;
  const fluxIds = rejects.slice(0, 3).map((item) => item.id.split('-').at(-1) as string);

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
  await expect(preview.locator('tbody tr')).toHaveCount(2);
  await expect(preview).toContainText('AM04 - Provision insuffisante');
  const anomalies = section.getByRole('table', { name: 'Retours qui ne correspondent pas à leur prélèvement' });
  await expect(anomalies.locator('tbody tr')).toHaveCount(1);
  await expect(anomalies).toContainText('Montant du retour');
  await expect(section.getByRole('table', { name: /sans flux correspondant/ })).toContainText('GDF-999999-999999');
  await expectNoAxeViolations(page, 'the SEPA page with a return file read');
  await section.getByRole('checkbox', { name: 'Appliquer aussi ce retour en anomalie' }).check();
  await section.getByRole('button', { name: 'Importer le retour' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Importer le retour' }).click();
  await expect(section.getByText('Import terminé : 3 flux marqués rejetés.')).toBeVisible();

  // 3. The result (R-RET-06): each rejected flux links to it; the selection is relaunched at once.
  const result = section.getByRole('table', { name: 'Flux marqués rejetés' });
  await expect(result.locator('tbody tr')).toHaveCount(3);
  await expect(result.getByRole('link', { name: `Voir le flux ${fluxIds[0]} dans la recherche` })).toHaveAttribute(
    'href',
    new RegExp(`numero=${fluxIds[0]}`),
  );
  await expectNoAxeViolations(page, 'the result of a return import');
  await section.getByRole('button', { name: 'Relancer la sélection' }).click();
  await page
    .getByRole('dialog', { name: 'Relancer ces prélèvements ?' })
    .getByRole('button', { name: 'Relancer la sélection' })
    .click();
  await expect(section.getByText('3 prélèvements relancés.')).toBeVisible();

  // 4. 'Voir dans la recherche': the search on these flux (a removable chip), with the bank's reason.
  await section.getByRole('link', { name: 'Voir dans la recherche' }).click();
  await expect(page).toHaveURL(/\/gestion-des-finances\/flux-financiers\?.*flux=/);
  await expect(page.getByText(/3 flux du retour du /)).toBeVisible();
  const table = page.getByRole('table', { name: 'Résultats de la recherche de flux' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table.getByRole('columnheader', { name: 'Motif du rejet' })).toBeVisible();
  for (const id of fluxIds) {
    const row = table.locator('tbody tr', { has: page.getByRole('cell', { name: id, exact: true }) });
    await expect(row).toContainText('AM04 - Provision insuffisante');
    await expect(row.getByLabel(/Statut du flux : Relancé/)).toBeVisible();
  }

  // 5. The batch's state and counts (R-RET-07).
  await page.goto('/export-fichiers/sepa');
  const batches = page.getByRole('table', { name: 'Fichiers SEPA déjà générés' });
  const batchRow = batches.locator('tbody tr').first();
  await expect(batchRow).toContainText('Rejets relancés');
  await expect(batchRow).toContainText('Rejetés : 3');
  await expect(batchRow).toContainText('Relancés : 3');
  await expect(batchRow).toContainText(`Prélevés : ${ids.length - 3}`);
});
