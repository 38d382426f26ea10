import { expect, test, type Page } from '@playwright/test';
import { camt053Xml } from '../../apps/server/test/integration/support/statement-writer';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';

// R-BANK-01 to R-BANK-04: import a camt.053 of the head office's account, confirm the sure proposal, see
// the flux settled on the bank's day in the flux search, then undo and see it unpaid again.
const SEARCH_PATH = '/gestion-des-finances/flux-financiers';

interface OpenDebit {
  id: number;
  ID_Saison: number;
  MontantTTC: string;
}

async function api<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function graphql<T>(page: Page, token: string, query: string): Promise<T> {
  const response = await page.request.post('/v1/graphql?structureId=1318', {
    data: { query },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** The newest open debit (not settled, not relaunched) with an amount no other open debit owes. */
async function openDebit(page: Page, token: string): Promise<OpenDebit> {
  const { MKP_FluxFinancier: open } = await graphql<{ MKP_FluxFinancier: OpenDebit[] }>(
    page,
    token,
    `
      {
        MKP_FluxFinancier(
          where: {
            EST_Debit: { _eq: true }
            EST_Reglement: { _eq: false }
            ID_FluxFinancierRelance: { _is_null: true }
          }
          order_by: [{ id: desc }]
          limit: 200
        ) {
          id
          ID_Saison
          MontantTTC
        }
      }
    `,
  );
  const byAmount = new Map<string, number>();
  for (const flux of open) byAmount.set(flux.MontantTTC, (byAmount.get(flux.MontantTTC) ?? 0) + 1);
  const flux = open.find((item) => byAmount.get(item.MontantTTC) === 1 && Number(item.MontantTTC) > 0) ?? open[0];
  if (!flux) throw new Error('no open debit in the demo data');
  return flux;
}

const parisDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
const frenchDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

test('the head office imports a camt.053, confirms the sure proposal, finds the flux settled, then undoes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, 'siege@demo.fr');
  const ribs = await api<{ IBAN: string; IBANMasque: boolean; EST_Valide: boolean }[]>(
    page,
    token,
    '/api/structure_ribs/structure/1318?structureId=1318',
  );
  const rib = ribs.find((item) => item.EST_Valide && !item.IBANMasque);
  if (!rib) throw new Error('the head office has no readable valid RIB');
  const flux = await openDebit(page, token);
  const invoice = `${flux.ID_Saison}-FFME-${flux.id}`;
  const cents = Math.round(Number(flux.MontantTTC) * 100);
  const day = parisDay();
  // A statement of its own: other specs' data and earlier runs never collide with it.
  const statementId = `E2E-${Date.now()}`;
  const file = camt053Xml([
    {
      id: statementId,
      iban: rib.IBAN.replace(/\s/g, ''),
      fromDate: day,
      toDate: day,
      openingCents: 5_000_000,
      entries: [
        {
          reference: `${statementId}-1`,
          bookingDate: day,
          amountCents: cents,
          direction: 'credit',
          label: 'VIR SEPA RECU',
          remittance: [`REGLEMENT FACTURE ${invoice}`],
          debtorName: 'CLUB E2E',
        },
      ],
    },
  ]);

  // 1. Export fichiers > SEPA > 'Relevés bancaires': import the file.
  await page.goto('/export-fichiers/sepa');
  await page.getByRole('tab', { name: 'Relevés bancaires' }).click();
  await expect(page).toHaveURL(/onglet=releves/);
  await expect(page.getByRole('heading', { name: 'Relevés bancaires', level: 2 })).toBeVisible();
  await page.getByLabel('Fichier de relevé bancaire (camt.053 ou CFONB 120)').setInputFiles({
    name: `${statementId}.xml`,
    mimeType: 'application/xml',
    buffer: file,
  });
  await expect(page.getByRole('status', { name: 'Résultat de l’import' })).toContainText(
    '1 relevé importé · 1 écriture ajoutée · 1 proposition sûre.',
  );
  const statements = page.getByRole('table', { name: 'Relevés bancaires importés' });
  const row = statements.locator('tbody tr', { has: page.getByRole('cell', { name: statementId, exact: true }) });
  const counts = async () => (await row.getByRole('cell').allInnerTexts()).slice(5, 7);
  await expect.poll(counts).toEqual(['0', '1']);

  // 2. Its credit, the sure proposal first: one click reconciles it.
  await expect(page.getByRole('heading', { name: new RegExp(`Écritures du relevé ${statementId}`) })).toBeVisible();
  const proposals = page.getByRole('list', { name: /^Propositions pour le crédit de/ });
  const best = proposals.getByRole('listitem').first();
  await expect(best.getByLabel('Confiance : Sûre')).toBeVisible();
  await expect(best).toContainText(`Facture ${invoice}`);
  await expect(best).toContainText('N° de facture');
  await expectNoAxeViolations(page, "the 'Relevés bancaires' tab with a proposal");
  await best.getByRole('button', { name: `Rapprocher de Facture ${invoice}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'rapproché : 1 flux réglé.' })).toBeVisible();
  await expect(page.getByText('Aucune écriture à traiter.')).toBeVisible();
  await expect.poll(counts).toEqual(['1', '0']);
  await page.getByRole('button', { name: 'Rapprochées' }).click();
  await expect(page.getByRole('list', { name: 'Flux rapprochés' })).toContainText(`Facture ${invoice}`);
  await expect(page.getByText(/^Rapprochée le /)).toBeVisible();

  // 3. The flux search: settled on the bank's day, also found by the settlement range.
  await page.goto(`${SEARCH_PATH}?numero=${flux.id}&saison=&regleDu=${day}&regleAu=${day}`);
  const fluxRow = page
    .getByRole('table')
    .first()
    .locator('tbody tr', { has: page.getByRole('cell', { name: String(flux.id), exact: true }) });
  await expect(fluxRow.getByLabel(`Statut du flux : réglé le ${frenchDay(day)}`)).toHaveText(
    `Réglé le ${frenchDay(day)}`,
  );

  // 4. 'Annuler le rapprochement': the flux is unpaid again.
  await page.goBack();
  await expect(page).toHaveURL(/onglet=releves/);
  await page.getByRole('button', { name: 'Rapprochées' }).click();
  await page.getByRole('button', { name: 'Annuler le rapprochement' }).click();
  await page
    .getByRole('dialog', { name: 'Annuler ce rapprochement ?' })
    .getByRole('button', { name: 'Annuler le rapprochement' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'annulé.' })).toBeVisible();
  await expect(page.getByText('Aucune écriture rapprochée.')).toBeVisible();
  await expect.poll(counts).toEqual(['0', '1']);
  await page.goto(`${SEARCH_PATH}?numero=${flux.id}&saison=`);
  await expect(fluxRow.getByLabel('Statut du flux : Impayé')).toHaveText('Impayé');
});
