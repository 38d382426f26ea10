/**
 * Nature of the operation an invoice records (CGI annex II art. 242 nonies A, as amended
 * for the e-invoicing reform: "livraison de biens", "prestation de services" or both),
 * derived from what its lines sell.
 *
 * The category alone cannot tell: category 4 (Facture) sells formations (services) and
 * passeports or topo-guides (goods) alike, and category 3 sells the federal magazine
 * beside affiliations. So the tarif's name decides, and a line without tarif is judged on
 * its own label: printed or physical items handed over (passeports, their carnets,
 * topo-guides, the magazine, books, equipment, badges) are goods; everything else the
 * federation sells (licences, insurance, affiliations, formations, registrations, rentals,
 * fees) is a service.
 */
export type OperationNature = 'biens' | 'services' | 'mixte';
export type LineNature = 'biens' | 'services';

const GOODS = /passeport|carnet|topo|revue|livre|ouvrage|materiel|ecusson|badge|tee-?shirt/;

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export interface NatureSource {
  label: string;
  tarif: { name: string; categoryId: number } | null;
}

/** Goods or services: the tarif's name when the line has a tarif, else the line's label. */
export function lineNature(line: NatureSource): LineNature {
  return GOODS.test(plain(line.tarif?.name ?? line.label)) ? 'biens' : 'services';
}

/** All goods, all services, or both ('mixte'). A flux without lines is judged on its own name. */
export function operationNature(lines: readonly NatureSource[], fluxName: string): OperationNature {
  const natures = new Set((lines.length > 0 ? lines : [{ label: fluxName, tarif: null }]).map(lineNature));
  if (natures.size > 1) return 'mixte';
  return natures.has('biens') ? 'biens' : 'services';
}
