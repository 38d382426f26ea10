import { jobResultUrl } from '@gdf/domain';
import { downloadFile } from '@/lib/download';

/** GET /api/traitements/:id/resultat: the job's file, or its summary as JSON, saved under the server's name. */
export const downloadJobResult = (id: number) => downloadFile(jobResultUrl(id), { fileName: `traitement-${id}.json` });
