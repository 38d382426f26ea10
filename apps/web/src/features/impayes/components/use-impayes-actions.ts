import {
  toReminderIssueRequest,
  type JobView,
  type MailBatchLeftOut,
  type OverdueRow,
  type ReminderIssueForm,
} from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formErrorText } from '@/lib/api-client';
import { downloadReminders, issueReminders, issueStatementBatch } from '../api/impayes-api';
import { impayesMessages as m } from '../messages';

export interface ImpayesNotice {
  severity: 'success' | 'error';
  text: string;
}
/** R-MAIL-08: the e-mail job of 'Émettre et envoyer', and the structures it left out with the reason. */
export interface MailedLetters {
  job: JobView | null;
  count: number;
  leftOut: MailBatchLeftOut[];
}

/**
 * What Impayés does: letters issued for one structure or the selection (downloaded at once, or
 * a job for a large one, R-JOB-09), the selection's relevés as a job (R-JOB-06), and the notices
 * they leave. `selected` holds the rows picked on any page of the list.
 */
export function useImpayesActions(structureId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['impayes', structureId] });
  const [selected, setSelected] = useState<ReadonlyMap<number, OverdueRow>>(new Map());
  const [reminding, setReminding] = useState<readonly OverdueRow[]>([]);
  const [notice, setNotice] = useState<ImpayesNotice | null>(null);
  const [started, setStarted] = useState<{ job: JobView; text: string } | null>(null);
  const [mailed, setMailed] = useState<MailedLetters | null>(null);

  const issue = useMutation({
    mutationFn: async ({ form, send }: { form: ReminderIssueForm; send: boolean }) => {
      // The letters follow the last ones the list showed, or none is written (R-DUE-05).
      const request = toReminderIssueRequest(form, reminding);
      const answer = await issueReminders(structureId, send ? { ...request, envoyer: true } : request);
      if ('issued' in answer)
        await downloadReminders(
          answer.issued.map((letter) => letter.id),
          structureId,
        );
      return { answer, count: form.structureIds.length };
    },
    onSuccess: async ({ answer, count }) => {
      setReminding([]);
      setSelected(new Map());
      setMailed(null);
      if ('job' in answer) {
        setNotice(null);
        setStarted({ job: answer.job, text: m.remindersQueued(count) });
        return;
      }
      setNotice({ severity: 'success', text: m.issued(answer.issued.length) });
      if (answer.sent)
        setMailed({
          job: answer.sent.job,
          count: answer.issued.length - answer.sent.leftOut.length,
          leftOut: answer.sent.leftOut,
        });
      await reload();
    },
  });
  const statements = useMutation({
    mutationFn: (structureIds: number[]) => issueStatementBatch(structureId, structureIds),
    onSuccess: (job, structureIds) => {
      setNotice(null);
      setStarted({ job, text: m.statementsQueued(structureIds.length) });
    },
    onError: (error) => setNotice({ severity: 'error', text: formErrorText(error, m.statementsError) }),
  });
  const fail = (fallback: string) => (error: unknown) =>
    setNotice({ severity: 'error', text: formErrorText(error, fallback) });
  const openDialog = (targets: readonly OverdueRow[]) => {
    issue.reset();
    setReminding(targets);
  };

  return {
    selected,
    setSelected,
    reminding,
    closeDialog: () => setReminding([]),
    openDialog,
    issue,
    statements,
    fail,
    notices: { notice, setNotice, started, mailed, setMailed, reload },
  };
}

export type ImpayesActions = ReturnType<typeof useImpayesActions>;
