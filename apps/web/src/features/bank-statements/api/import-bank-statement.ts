import { BANK_STATEMENTS_URL, type BankStatementImportResult, type JobView } from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { acceptedJob } from '@/lib/jobs';
import { BANK_STATEMENTS_KEY } from './query-keys';

/** What an import answers: its result, or the job a large file became (R-JOB-07). */
export type BankImportAnswer = { result: BankStatementImportResult } | { job: JobView };

/**
 * POST .../releves: the file itself is the body (raw bytes: the server tells camt.053 from
 * CFONB 120 by their content, whatever the name says); its name travels URL-encoded in X-File-Name.
 * A large file is imported by a job: 202 with it.
 */
async function importBankStatement(structureId: number, file: File): Promise<BankImportAnswer> {
  const answer = await apiFetch<BankStatementImportResult | { traitement: JobView }>(
    `${BANK_STATEMENTS_URL}?structureId=${structureId}`,
    {
      method: 'POST',
      body: new Blob([file], { type: 'application/octet-stream' }),
      headers: { 'X-File-Name': encodeURIComponent(file.name) },
    },
  );
  const job = acceptedJob(answer);
  return job ? { job } : { result: answer as BankStatementImportResult };
}

export function useImportBankStatement(structureId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importBankStatement(structureId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BANK_STATEMENTS_KEY] }),
  });
}
