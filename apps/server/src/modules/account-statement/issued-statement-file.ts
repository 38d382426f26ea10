import type { Database } from '../../db/database';
import { writeAuditRows } from '../../db/audit-log';
import type { IssuedStatementFile } from '../../lib/issued-file-reply';
import { openContent } from '../document-store/document-store.service';
import type { RequestScope } from '../scope/scope';
import { XLSX_TYPE } from '../../db/issued-statement-store';

interface IssuedStatementRef {
  id: number;
  number: string;
  files: Record<'pdf' | 'xlsx', { contentId: number; sha256: string }>;
}

/**
 * One of an issued statement's stored files, as it was given out the first time, its download
 * audited (`audit`: the statement's table and download action). The content checks its bytes
 * against its own checksum; the frozen statement row holds the checksum of what was issued, so
 * bytes replaced with a matching checksum are still refused.
 */
export async function openIssuedStatementFile<Statement extends IssuedStatementRef>(
  database: Database,
  scope: Pick<RequestScope, 'actor' | 'currentStructureId'>,
  issued: { statement: Statement; format: 'pdf' | 'xlsx'; fileName: string },
  audit: { table: string; action: string },
): Promise<IssuedStatementFile<Statement>> {
  const { statement, format } = issued;
  const file = statement.files[format];
  const content = await openContent(database, file.contentId);
  if (!content) throw new Error(`DOC_Contenu ${file.contentId} introuvable pour le relevé ${statement.number}`);
  if (content.sha256 !== file.sha256)
    throw new Error(`Relevé ${statement.number} : le fichier ${format} stocké n’est plus celui émis`);
  await writeAuditRows(database, [
    {
      userId: scope.actor.userId,
      structureId: scope.currentStructureId,
      action: audit.action,
      table: audit.table,
      targetId: statement.id,
      details: { numero: statement.number, format, sha256: content.sha256 },
    },
  ]);
  return {
    fileName: issued.fileName,
    mimeType: format === 'pdf' ? 'application/pdf' : XLSX_TYPE,
    sha256: content.sha256,
    body: content.body,
    statement,
  };
}
