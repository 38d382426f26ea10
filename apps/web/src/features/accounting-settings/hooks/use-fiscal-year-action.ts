import type { FiscalYearView, JobView, ValidationResult } from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fiscalYearsQueryKey } from '@/lib/fiscal-years';
import { acceptedJob, cancelJob, useJob } from '@/lib/jobs';
import { showServerIssues } from '@/lib/forms';
import { useCurrentStructure } from '@/lib/session';
import { closeFiscalYear, validateFiscalYear } from '../api/fiscal-years-api';
import { defaultValidationDate, validationDateProblem } from '../components/fiscal-year';

type FiscalYearActionKind = 'validation' | 'cloture';
export interface FiscalYearAction {
  kind: FiscalYearActionKind;
  year: FiscalYearView;
}

/** A long validation runs as a job (R-JOB-01): the dialog follows it, and may close meanwhile. */
function useFollowedJob(
  action: FiscalYearAction,
  onDone: (action: FiscalYearAction, result: ValidationResult) => void,
) {
  const [accepted, setAccepted] = useState<JobView | null>(null);
  const job = useJob(accepted?.id ?? null, accepted ?? undefined);
  const current = job.data ?? accepted;
  const cancel = useMutation({ mutationFn: () => cancelJob(accepted!.id), onSuccess: () => void job.refetch() });
  const finished = current?.statut === 'termine' ? current : null;
  const reported = useRef(false);
  useEffect(() => {
    if (!finished || reported.current) return;
    reported.current = true;
    onDone(action, finished.resultat as unknown as ValidationResult);
  }, [finished, action, onDone]);
  return { accepted, setAccepted, current, cancel };
}

/**
 * The state of 'Valider les écritures' or 'Clôturer l’exercice': the date field checked as
 * typed, the request, then the job it may start.
 */
export function useFiscalYearAction({
  action,
  today,
  onClose,
  onDone,
}: {
  action: FiscalYearAction;
  today: string;
  onClose: () => void;
  onDone: (action: FiscalYearAction, result: ValidationResult) => void;
}) {
  const { structureId } = useCurrentStructure();
  const { kind, year } = action;
  const { setValue, watch, handleSubmit, setError, clearErrors, formState } = useForm<{ jusquau: string }>({
    defaultValues: { jusquau: defaultValidationDate(year, today) },
  });
  const jusquau = watch('jusquau');
  // Checked as typed with the year's contract (the server's words), before anything is asked.
  const problem = kind === 'validation' ? validationDateProblem(jusquau, year) : null;
  const followed = useFollowedJob(action, onDone);
  const { accepted } = followed;
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () =>
      kind === 'validation' ? validateFiscalYear(structureId, year.id, jusquau) : closeFiscalYear(structureId, year.id),
    onSuccess: (answer) => {
      const started = acceptedJob(answer);
      if (started) followed.setAccepted(started);
      else onDone(action, answer as ValidationResult);
    },
    // The server's word on the date, when it names it, goes beside the field too.
    onError: (e) => showServerIssues(e, ['jusquau'], setError),
  });
  const submit = handleSubmit(() => {
    // Once a job runs, Enter does not ask again (the server would refuse a second one anyway).
    if (!problem && !run.isPending && !accepted) run.mutate();
  });
  const setJusquau = (value: string) => {
    setValue('jusquau', value);
    clearErrors();
    run.reset();
  };
  // Closing while the request runs would hide its outcome: the dialog waits for the answer. Once
  // it is a job, closing leaves the job running ('Mes traitements' follows it).
  const close = () => {
    if (run.isPending) return;
    if (accepted) void queryClient.invalidateQueries({ queryKey: fiscalYearsQueryKey(structureId) });
    onClose();
  };
  const dateProblem = problem ?? formState.errors.jusquau?.message;
  return { ...followed, run, submit, close, jusquau, setJusquau, problem, dateProblem };
}
