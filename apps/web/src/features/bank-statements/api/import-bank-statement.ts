import { BANK_STATEMENTS_URL, type BankStatementImportResult } from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { BANK_STATEMENTS_KEY } from './query-keys';

/**
 * POST .../releves: the file itself is the body (raw bytes: the server tells camt.053 from
 * CFONB 120 by their content, whatever the name says); its name travels URL-encoded in X-File-Name.
 */
export function importBankStatement(structureId: number, file: File): Promise<BankStatementImportResult> {
  return apiFetch<BankStatementImportResult>(`${BANK_STATEMENTS_URL}?structureId=${structureId}`, {
    method: 'POST',
    body: new Blob([file], { type: 'application/octet-stream' }),
    headers: { 'X-File-Name': encodeURIComponent(file.name) },
  });
}

export function useImportBankStatement(structureId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importBankStatement(structureId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BANK_STATEMENTS_KEY] }),
  });
}
