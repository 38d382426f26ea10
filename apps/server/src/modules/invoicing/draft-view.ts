import { draftTotal, invoiceNumber, type DraftView } from '@gdf/domain';
import type { StoredDraft } from './draft.repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** A stored draft as the API shows it ('Création factures'). */
export function toDraftView(draft: StoredDraft): DraftView {
  return {
    id: draft.id,
    structureId: draft.structureId,
    structure: draft.structure,
    libelle: draft.label,
    categorie: draft.category as 4 | 5,
    echeance: draft.dueDate,
    note: draft.note,
    lignes: draft.lines.map((line) => ({
      rang: line.rank,
      libelle: line.label,
      tarifId: line.tarifId,
      prixUnitaireCentimes: Number(line.unitPriceCents),
      quantite: line.quantity,
    })),
    totalCentimes: draftTotal(draft.lines.map((line) => ({ ...line, unitPriceCents: Number(line.unitPriceCents) }))),
    version: draft.version,
    creeLe: iso(draft.createdAt),
    modifieLe: iso(draft.updatedAt),
    fluxId: draft.fluxId,
    numero: draft.fluxId !== null && draft.seasonId !== null ? invoiceNumber(draft.seasonId, draft.fluxId) : null,
  };
}
