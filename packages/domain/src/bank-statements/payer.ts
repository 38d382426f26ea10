import { inMatchWindow, proposeMatches, type MatchableEntry, type MatchingData, type MatchProposal } from './matching';
import { namesLicensee, structureOfName, type IdentifiedPayer, type PayerSource } from './payer-names';
import type { EntryReferences } from './references';

/** What points at a structure, from the strongest: its weight in the payer's identification. */
type Evidence = 'reference' | 'iban' | 'licence' | 'nom' | 'licencie';

/**
 * R-BANK-09: the weight of each kind of evidence. A reference names the very flux paid; an IBAN
 * or a licence number is a structure's or a licensee's own; a name is compared; a licensee's
 * last name is found among the flux the entry could pay.
 */
export const PAYER_EVIDENCE_WEIGHTS: Record<Evidence, number> = {
  reference: 5,
  iban: 4,
  licence: 4,
  nom: 3,
  licencie: 2,
};

const SOURCE_OF: Record<Evidence, PayerSource> = {
  reference: 'reference',
  iban: 'iban',
  licence: 'reference',
  nom: 'nom',
  licencie: 'reference',
};

const SOURCE_ORDER: PayerSource[] = ['iban', 'nom', 'reference'];

/**
 * R-BANK-09: the payer's structure of a credit, from (a) the counterparty's IBAN (structure
 * RIBs, SEPA mandates, earlier confirmed reconciliations of entries from that IBAN), (b) its
 * name, normalised and compared with the structure names, (c) the remittance texts: invoice
 * numbers (their season checked), flux ids and EndToEndIds naming a flux, licence numbers,
 * and the last names of the licensees of the flux the entry could pay. Each kind of evidence
 * counts once per structure with its weight; the payer is the structure with the most, when
 * no other has as much; null when nothing designates one structure.
 */
export function identifyPayer(
  entry: MatchableEntry,
  references: EntryReferences,
  data: MatchingData,
): IdentifiedPayer | null {
  const found: Found = new Map();
  const add = (structureId: number, evidence: Evidence) => {
    const kinds = found.get(structureId) ?? new Set<Evidence>();
    kinds.add(evidence);
    found.set(structureId, kinds);
  };
  addReferenced(references, data, add);
  if (entry.debtorIban) for (const id of data.structuresByIban.get(entry.debtorIban) ?? []) add(id, 'iban');
  for (const licence of references.licences)
    for (const id of data.structuresByLicence?.get(licence) ?? []) add(id, 'licence');
  const byName = data.structureNames ? structureOfName(entry.debtorName ?? null, data.structureNames) : null;
  if (byName !== null) add(byName, 'nom');

  // Licensees named in the texts, among the flux this entry could pay: those owing its amount
  // in the window, and the open flux of the structures designated so far.
  const words = new Set(references.words);
  const candidates = [
    ...(data.fluxByDue.get(entry.amountCents) ?? []).filter((flux) => inMatchWindow(flux, entry.bookingDate)),
    ...[...found.keys()].flatMap((id) => data.fluxByStructure.get(id) ?? []),
  ];
  for (const flux of candidates)
    if (flux.licensee && namesLicensee(words, [], flux.licensee)) add(flux.structureId, 'licencie');
  return strongest(found);
}

type Found = Map<number, Set<Evidence>>;

/** The structures of the flux the references name (invoice numbers of their season, flux ids, EndToEndIds). */
function addReferenced(
  references: EntryReferences,
  data: MatchingData,
  add: (structureId: number, evidence: Evidence) => void,
): void {
  const named = data.referencedStructures;
  if (!named) return;
  for (const invoice of references.invoices) {
    const flux = named.get(invoice.fluxId);
    if (flux && flux.seasonId === invoice.seasonId) add(flux.structureId, 'reference');
  }
  const ids = [...references.fluxIds, ...references.endToEnd.map((item) => item.fluxId)];
  for (const id of ids) {
    const flux = named.get(id);
    if (flux) add(flux.structureId, 'reference');
  }
}

/** The structure with the heaviest evidence, when no other has as much. */
function strongest(found: Found): IdentifiedPayer | null {
  let best: { structureId: number; weight: number } | null = null;
  let tied = false;
  for (const [structureId, kinds] of found) {
    const weight = [...kinds].reduce((sum, kind) => sum + PAYER_EVIDENCE_WEIGHTS[kind], 0);
    if (best === null || weight > best.weight) {
      best = { structureId, weight };
      tied = false;
    } else if (weight === best.weight) tied = true;
  }
  if (best === null || tied) return null;
  const kinds = found.get(best.structureId)!;
  const sources = new Set([...kinds].map((kind) => SOURCE_OF[kind]));
  return { structureId: best.structureId, sources: SOURCE_ORDER.filter((source) => sources.has(source)) };
}

/** R-BANK-09 and R-BANK-10: the payer of a credit, then its proposals ranked with it. */
export function matchEntry(
  entry: MatchableEntry,
  references: EntryReferences,
  data: MatchingData,
): { payer: IdentifiedPayer | null; proposals: MatchProposal[] } {
  const payer = identifyPayer(entry, references, data);
  return { payer, proposals: proposeMatches(entry, references, data, payer) };
}
