import { reminderPdfPath } from '@gdf/domain';
import { downloadFile } from '@/lib/download';
import { toSearch } from '@/lib/routes';

/** A reminder letter sent, as the bytes stored when it was issued. */
export async function downloadReminder(reminderId: number, actingStructureId: number, fileName: string): Promise<void> {
  await downloadFile(reminderPdfPath(reminderId) + toSearch({ structureId: actingStructureId }), { fileName });
}
