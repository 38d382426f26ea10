import { expect, test } from '@playwright/test';
import { camt053Xml } from '../../apps/server/test/integration/support/statement-writer';
import { bankText, graphql, licenceFlux, type Licensee } from './support/bank-flux';
import { signIn } from './support/session';

// R-BANK-09, R-BANK-10: a transfer from a club, its name as the bank writes it and 'LICENCE
// <licensee>', of an amount another club's licence also owes. The payer is identified and its
// flux comes first; confirming the other club's flux asks 'Le payeur identifié est … ; ce flux
// appartient à …' and settles nothing until confirmed.

test("a transfer naming its club and licensee ranks that club's flux first and asks before settling another club's", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, 'siege@demo.fr');
  const ribs = await page.request.get('/api/structure_ribs/structure/1318?structureId=1318', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const rib = ((await ribs.json()) as { IBAN: string; IBANMasque: boolean; EST_Valide: boolean }[]).find(
    (item) => item.EST_Valide && !item.IBANMasque,
  );
  if (!rib) throw new Error('the head office has no readable valid RIB');
  // Two clubs whose names differ, and two licensees whose last names differ.
  const { STR_Structure: clubs } = await graphql<{ STR_Structure: { id: number; NomStructure: string }[] }>(
    page,
    token,
    '{ STR_Structure(where: {ID_Federation: {_eq: 1318}, ID_TypeStructure: {_eq: 1}}, order_by: [{id: asc}], limit: 20) { id NomStructure } }',
  );
  const payerClub = clubs[0]!;
  const otherClub = clubs.find((club) => bankText(club.NomStructure) !== bankText(payerClub.NomStructure))!;
  const { MKP_FluxFinancier: billed } = await graphql<{ MKP_FluxFinancier: Licensee[] }>(
    page,
    token,
    '{ MKP_FluxFinancier(where: {ID_CategoryFlux: {_eq: 1}}, order_by: [{id: desc}], limit: 200) { ID_Utilisateur ID_Saison UTI_Utilisateur { CT_Nom } } }',
  );
  const licensees = billed.filter((flux) => flux.UTI_Utilisateur && bankText(flux.UTI_Utilisateur.CT_Nom).length > 2);
  const payerLicensee = licensees[0]!;
  const otherLicensee = licensees.find(
    (flux) => bankText(flux.UTI_Utilisateur.CT_Nom) !== bankText(payerLicensee.UTI_Utilisateur.CT_Nom),
  )!;
  const created = `${new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)}T10:00:00Z`;
  // Booked the next day: a statement of its own day (one statement per account and day, and
  // the other bank spec's statement is today's).
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(Date.parse(created) + 86_400_000),
  );
  // The other club's licence first: by amount alone, its lower id would rank it first.
  const otherFlux = await licenceFlux(page, token, otherClub.id, otherLicensee, created);
  const payerFlux = await licenceFlux(page, token, payerClub.id, payerLicensee, created);
  const payerName = payerClub.NomStructure;
  const otherName = otherClub.NomStructure;
  const cents = 14_280;
  const statementId = `E2E-PAYEUR-${Date.now()}`;
  const file = camt053Xml([
    {
      id: statementId,
      iban: rib.IBAN.replace(/\s/g, ''),
      fromDate: day,
      toDate: day,
      openingCents: 1_000_000,
      entries: [
        {
          reference: `${statementId}-1`,
          bookingDate: day,
          amountCents: cents,
          direction: 'credit',
          label: 'VIR SEPA RECU',
          debtorName: bankText(payerName),
          remittance: [`LICENCE ${bankText(payerLicensee.UTI_Utilisateur.CT_Nom)}`],
        },
      ],
    },
  ]);

  await page.goto('/export-fichiers/sepa?onglet=releves');
  await page.getByLabel('Fichier de relevé bancaire (camt.053 ou CFONB 120)').setInputFiles({
    name: `${statementId}.xml`,
    mimeType: 'application/xml',
    buffer: file,
  });
  await expect(page.getByRole('status', { name: 'Résultat de l’import' })).toContainText('1 écriture ajoutée');
  await expect(page.getByRole('heading', { name: new RegExp(`Écritures du relevé ${statementId}`) })).toBeVisible();

  // The payer identified on the entry, its flux first and highlighted.
  await expect(
    page.getByText(new RegExp(`^Payeur identifié : ${payerName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(par `)),
  ).toBeVisible();
  const proposals = page.getByRole('list', { name: /^Propositions pour le crédit de/ });
  const items = proposals.getByRole('listitem');
  const best = items.first();
  await expect(best).toContainText(payerName);
  await expect(best.getByRole('button', { name: /^Rapprocher de Facture / })).toHaveClass(/MuiButton-contained/);
  await expect(best.getByLabel('Confiance : Sûre')).toBeVisible();
  await expect(best).toContainText(`-FFME-${payerFlux}`);
  const otherItem = items.filter({ hasText: `-FFME-${otherFlux}` });
  await expect(otherItem).toContainText('Autre structure que le payeur');
  await expect(otherItem.getByLabel('Confiance : Possible')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Rechercher un flux pour le crédit de/ })).toBeVisible();

  // Confirming the other club's flux asks first; cancelled, nothing is settled.
  await otherItem.getByRole('button', { name: /^Rapprocher de Facture / }).click();
  const dialog = page.getByRole('dialog', { name: 'Rapprocher le flux d’une autre structure ?' });
  await expect(dialog).toContainText(`Le payeur identifié est ${payerName} ; ce flux appartient à ${otherName}.`);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'rapproché' })).toHaveCount(0);
  const { MKP_FluxFinancier: still } = await graphql<{ MKP_FluxFinancier: { EST_Reglement: boolean }[] }>(
    page,
    token,
    `{ MKP_FluxFinancier(where: { id: { _eq: ${otherFlux} } }) { EST_Reglement } }`,
  );
  expect(still).toEqual([{ EST_Reglement: false }]);
  await expect(items.first()).toContainText(payerName);
});
