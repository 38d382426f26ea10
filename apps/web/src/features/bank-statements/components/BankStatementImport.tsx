import type { BankStatementImportResult } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CenteredProgress } from '@/components/CenteredProgress';
import { FilePicker } from '@/components/FilePicker';
import { JobStartedAlert } from '@/components/JobStartedAlert';
import { useImportBankStatement } from '../api/import-bank-statement';
import { BANK_STATEMENTS_KEY } from '../api/query-keys';
import { bankErrorText } from '../error-text';
import { bankStatementMessages as m } from '../messages';

/** camt.053 is XML; CFONB 120 comes as .txt, .120 or .sta; any other name is still read by content. */
const ACCEPT = '.xml,.txt,.120,.sta,application/xml,text/xml,text/plain,*/*';

/** The import's outcome in one line: new and known statements, entries added, sure proposals. */
function importSummary(result: BankStatementImportResult): string {
  const known = result.releves.filter((statement) => !statement.nouveau).length;
  const added = result.releves.reduce((sum, statement) => sum + statement.nbEcrituresAjoutees, 0);
  const parts = [m.imported(result.releves.length - known)];
  if (known > 0) parts.push(m.alreadyKnown(known));
  parts.push(m.entriesAdded(added), m.sureProposals(result.nbPropositionsSures));
  return `${m.importSummary(result.nomFichier, result.format)} : ${parts.join(' · ')}.`;
}

/**
 * 'Importer un relevé…' (R-BANK-01): the chosen file is sent as it is; the server reads it,
 * refuses it whole with a French reason (not the head office's account, balances that do
 * not add up...) or records it, the same statement twice adding nothing. A large file is
 * imported in the background (R-JOB-07): its progress shows here and in 'Mes traitements'.
 */
export function BankStatementImport({
  structureId,
  onImported,
}: {
  structureId: number;
  onImported: (result: BankStatementImportResult) => void;
}) {
  const inputId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const importing = useImportBankStatement(structureId);
  const queryClient = useQueryClient();

  const choose = (file: File | null) => {
    setFileName(file?.name ?? null);
    if (file)
      importing.mutate(file, {
        onSuccess: (answer) => {
          if ('result' in answer) onImported(answer.result);
        },
      });
    else importing.reset();
  };

  return (
    <Box sx={{ mb: 3 }}>
      <FilePicker
        id={inputId}
        buttonLabel={m.chooseFile}
        inputLabel={m.fileInput}
        accept={ACCEPT}
        fileName={fileName}
        noFileText={m.noFile}
        hint={m.maxSize}
        disabled={importing.isPending}
        variant="contained"
        onChoose={choose}
      />
      {importing.isPending && <CenteredProgress label={m.importing} />}
      {importing.isError && <Alert severity="error">{bankErrorText(importing.error)}</Alert>}
      {importing.isSuccess && 'result' in importing.data && (
        <Alert severity="success" role="status" aria-label={m.importResultLabel}>
          {importSummary(importing.data.result)}
        </Alert>
      )}
      {importing.isSuccess && 'job' in importing.data && (
        <JobStartedAlert
          job={importing.data.job}
          onFinished={() => void queryClient.invalidateQueries({ queryKey: [BANK_STATEMENTS_KEY] })}
        >
          {m.importQueued}
        </JobStartedAlert>
      )}
    </Box>
  );
}
