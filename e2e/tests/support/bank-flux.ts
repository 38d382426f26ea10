import { expect, type Page } from '@playwright/test';

/** A licence flux's licensee, as the GraphQL API returns it. */
export interface Licensee {
  ID_Utilisateur: number;
  ID_Saison: number;
  UTI_Utilisateur: { CT_Nom: string };
}

/** A GraphQL call as the head office (structure 1318), its answer checked free of errors. */
export async function graphql<T>(page: Page, token: string, query: string, variables?: unknown): Promise<T> {
  const response = await page.request.post('/v1/graphql?structureId=1318', {
    data: { query, variables },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** As a bank writes a name: upper case, no accents nor punctuation. */
export const bankText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A licence of 142,80 € for a licensee of a club, created through the API as the head office does. */
export async function licenceFlux(
  page: Page,
  token: string,
  structureId: number,
  licensee: Licensee,
  createdAt: string,
): Promise<number> {
  const data = await graphql<{ insert_MKP_FluxFinancier_one: { id: number } }>(
    page,
    token,
    `
      mutation ($o: MKP_FluxFinancier_insert_input!) {
        insert_MKP_FluxFinancier_one(object: $o) {
          id
        }
      }
    `,
    {
      o: {
        NomFluxFinancier: `Licence adulte - ${licensee.UTI_Utilisateur.CT_Nom}`,
        Z_DateCreation: createdAt,
        MontantHT: 142.8,
        MontantTTC: 142.8,
        EST_Debit: true,
        ID_CategoryFlux: 1,
        ID_Saison: licensee.ID_Saison,
        ID_Structure: structureId,
        ID_Utilisateur: licensee.ID_Utilisateur,
        MKP_FluxFinancierDetail: {
          data: [
            {
              NomFluxFinancierDetail: 'Licence adulte',
              PrixUnitaire: 142.8,
              Quantite: 1,
              MontantHT: 142.8,
              MontantTTC: 142.8,
              EST_Debit: true,
            },
          ],
        },
      },
    },
  );
  return data.insert_MKP_FluxFinancier_one.id;
}
