import { describe, expect, it } from 'vitest';
import { lineNature, operationNature } from './operation-nature';

const tarif = (name: string, categoryId: number) => ({ label: name, tarif: { name, categoryId } });

// CGI annex II art. 242 nonies A (e-invoicing reform): an invoice states whether it records
// a delivery of goods, a supply of services, or both.
describe('nature of the operation (art. 242 nonies A ann. II CGI)', () => {
  it.each([
    ['Passeport escalade jaune', 4],
    ['Carnet de passeports', 4],
    ['Topo-guide', 4],
    ['Abonnement revue fédérale', 3],
  ])('%s (category %i) is goods', (name, categoryId) => {
    expect(lineNature(tarif(name, categoryId))).toBe('biens');
  });

  it.each([
    ['Licence adulte', 1],
    ['Assurance base+', 2],
    ['Affiliation club', 3],
    ['Formation initiateur SAE', 4],
    ['Inscription compétition', 4],
    ['Location mur mobile', 4],
    ['Frais de dossier', 4],
  ])('%s (category %i) is a service', (name, categoryId) => {
    expect(lineNature(tarif(name, categoryId))).toBe('services');
  });

  it("the tarif decides over the line's free label; a line without tarif is judged on its label", () => {
    expect(lineNature({ label: 'Commande club', tarif: { name: 'Topo-guide', categoryId: 4 } })).toBe('biens');
    expect(lineNature({ label: 'Matériel de sécurité', tarif: null })).toBe('biens');
    expect(lineNature({ label: 'Stage découverte', tarif: null })).toBe('services');
  });

  it('all goods, all services, or both: Livraison de biens / Prestation de services / Mixte', () => {
    const passeport = tarif('Passeport escalade blanc', 4);
    const formation = tarif('Formation juge de bloc', 4);
    expect(operationNature([passeport, tarif('Topo-guide', 4)], 'Commande')).toBe('biens');
    expect(operationNature([formation, tarif('Licence jeune', 1)], 'Commande')).toBe('services');
    expect(operationNature([formation, passeport], 'Commande')).toBe('mixte');
  });

  it('a flux without lines is judged on its own name', () => {
    expect(operationNature([], 'Facture matériel')).toBe('biens');
    expect(operationNature([], 'Licence adulte 2024')).toBe('services');
  });
});
