import { HEAD_OFFICE_STRUCTURE_ID, type StructureRib } from '@gdf/domain';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { Database } from '../../db/database';
import { forbidden } from '../../lib/http-errors';
import type { RequestScope } from '../scope/scope';
import { canSeeStructure } from '../scope/can-see-structure';
import { canSeeWholeIban, maskIban } from './iban-visibility';
import { listRibsOfStructure } from './structure-ribs.repository';

export type RibResponse = StructureRib;

/**
 * A structure's RIBs. The head office's (1318) are readable by every signed-in user,
 * since every invoice prints them; other structures' only within scope.
 */
export async function structureRibs(
  database: Database,
  scope: RequestScope,
  structureId: number,
): Promise<RibResponse[]> {
  const readable = structureId === HEAD_OFFICE_STRUCTURE_ID || (await canSeeStructure(database, scope, structureId));
  if (!readable) throw forbidden("Vous n'avez pas accès à cette structure.");
  const whole = canSeeWholeIban(scope.actor, structureId);
  const rows = await listRibsOfStructure(database, structureId);
  return rows.map((row) => ({
    ...row,
    IBAN: whole ? row.IBAN : maskIban(row.IBAN),
    IBANMasque: !whole,
    ibanValide: isValidIBAN(electronicFormatIBAN(row.IBAN) ?? ''),
  }));
}
