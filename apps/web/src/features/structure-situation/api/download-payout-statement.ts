import { payoutStatementPath } from '@gdf/domain';
import { downloadFile } from '@/lib/download';
import { toSearch } from '@/lib/routes';

/**
 * R-PAY-09: a ligue's or a comité's relevé de reversements over two days, as a file: the server
 * issues it (or finds the same one issued before) and sends its stored bytes.
 */
export async function downloadPayoutStatement(
  statementStructureId: number,
  structureId: number,
  period: { du: string; au: string },
  format: 'pdf' | 'xlsx',
): Promise<void> {
  const query = toSearch({ ...period, format, download: 1, structureId });
  await downloadFile(payoutStatementPath(statementStructureId) + query, {
    fileName: `releve-de-reversements-${statementStructureId}.${format}`,
  });
}
