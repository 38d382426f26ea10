import { accountStatementQuerySchema } from '@gdf/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formErrorText } from '@/lib/api-client';
import { contractProblems, showServerIssues } from '@/lib/forms';
import { fetchIssuedStatements, fetchStatementPreview } from '../api/account-statements';
import type { StatementPeriodChoice } from '../api/download-flux-document';
import { fluxSearchMessages as m } from '../messages';

export const CUSTOM = 'custom';

/** The dialog's period: a season's id or 'custom', and the days of a custom one (the query's names). */
export interface StatementFormValues {
  choice: string;
  du: string;
  au: string;
}
const PERIOD_FIELDS = ['du', 'au'] as const;

/** The chosen period, or why it is not one yet: both days, then the query's contract (R-STMT-03). */
function periodOf({ choice, du, au }: StatementFormValues): { period: StatementPeriodChoice } | { problem: string } {
  if (choice !== CUSTOM) return { period: { saison: Number(choice) } };
  if (!du || !au) return { problem: m.statementDatesMissing };
  const problem = contractProblems(accountStatementQuerySchema, { du, au }).du;
  return problem ? { problem: m.statementPeriodProblem(problem) } : { period: { du, au } };
}

/**
 * The relevé de compte dialog's state: its period form, the preview of that period, the
 * statements issued before, and `run` for a download (the list refreshed after it).
 */
export function useAccountStatement(statementStructureId: number, structureId: number, defaultSeason: number) {
  const form = useForm<StatementFormValues>({ defaultValues: { choice: String(defaultSeason), du: '', au: '' } });
  const values = form.watch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const chosen = periodOf(values);
  const period = 'period' in chosen ? chosen.period : null;

  const preview = useQuery({
    queryKey: ['account-statement', statementStructureId, structureId, period],
    queryFn: ({ signal }) => fetchStatementPreview(statementStructureId, structureId, period!, signal),
    enabled: period !== null,
    staleTime: 0,
  });
  // The server's word on a day, when it names it, goes beside that day.
  useEffect(() => {
    if (preview.error) showServerIssues(preview.error, PERIOD_FIELDS, form.setError);
  }, [preview.error, form.setError]);
  const issuedKey = ['account-statements', statementStructureId, structureId];
  const issued = useQuery({
    queryKey: issuedKey,
    queryFn: ({ signal }) => fetchIssuedStatements(statementStructureId, structureId, signal),
  });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: issuedKey });
    } catch (failure) {
      showServerIssues(failure, PERIOD_FIELDS, form.setError);
      setError(formErrorText(failure, m.downloadError));
    } finally {
      setBusy(false);
    }
  };

  // The structure's name stays in the title while a custom period is being typed.
  const [name, setName] = useState<string | null>(null);
  const loadedName = preview.data?.structure.name;
  if (loadedName && loadedName !== name) setName(loadedName);

  return { form, values, chosen, period, preview, issued, busy, error, run, name };
}

export type AccountStatementState = ReturnType<typeof useAccountStatement>;
