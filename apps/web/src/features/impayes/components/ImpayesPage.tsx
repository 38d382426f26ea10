import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatIsoDay,
  sortOverdueRows,
  toReminderIssueRequest,
  type JobView,
  type MailBatchLeftOut,
  type OverdueRow,
  type ReminderIssueForm,
} from '@gdf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { JobStartedAlert } from '@/components/JobStartedAlert';
import { PageLayout } from '@/components/PageLayout';
import { formErrorText } from '@/lib/api-client';
import { useCurrentStructure } from '@/lib/session';
import {
  downloadOverdueXlsx,
  downloadReminders,
  fetchOverdueList,
  issueReminders,
  issueStatementBatch,
} from '../api/impayes-api';
import { impayesMessages as m } from '../messages';
import { IssueReminderDialog } from './IssueReminderDialog';
import { OverdueTable, type OverdueSort } from './OverdueTable';

/**
 * Impayés of the current structure's scope (head office, ligue or comité), reached from the
 * flux search: the overdue list sorted and exported, and reminder letters issued for one
 * structure or a selection, downloaded at once (a PDF, or a ZIP of several). A large selection's
 * letters, and the selection's relevés de compte, are issued by a job (R-JOB-06, R-JOB-09):
 * its progress shows here, its ZIP downloads from 'Mes traitements'.
 */
export function ImpayesPage({
  backHref,
  lastReminderAction,
}: {
  backHref: string;
  /** Beside a row's last letter (the page composing this one: its e-mail sending and log). */
  lastReminderAction?: (letter: { id: number }) => ReactNode;
}) {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const queryKey = ['impayes', structureId];
  const list = useQuery({ queryKey, queryFn: ({ signal }) => fetchOverdueList(structureId, signal) });
  const [sort, setSort] = useState<OverdueSort>({ key: 'total', direction: 'desc' });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [reminding, setReminding] = useState<readonly OverdueRow[]>([]);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [started, setStarted] = useState<{ job: JobView; text: string } | null>(null);
  // R-MAIL-08: the e-mail job of 'Émettre et envoyer', and the structures it left out with the reason.
  const [mailed, setMailed] = useState<{ job: JobView | null; count: number; leftOut: MailBatchLeftOut[] } | null>(
    null,
  );
  const rows = useMemo(() => sortOverdueRows(list.data?.rows ?? [], sort.key, sort.direction), [list.data, sort]);

  const issue = useMutation({
    mutationFn: async ({ form, send }: { form: ReminderIssueForm; send: boolean }) => {
      // The letters follow the last ones the list showed, or none is written (R-DUE-05).
      const request = toReminderIssueRequest(form, list.data?.rows ?? []);
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
      setSelected(new Set());
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
      await queryClient.invalidateQueries({ queryKey });
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

  return (
    <PageLayout
      title={m.title}
      backHref={backHref}
      actions={
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            disabled={selected.size === 0}
            onClick={() => openDialog(rows.filter((row) => selected.has(row.structure.id)))}
          >
            {m.remindSelection}
          </Button>
          <Button
            variant="outlined"
            title={m.statementsHint}
            disabled={selected.size === 0}
            loading={statements.isPending}
            onClick={() =>
              statements.mutate(rows.filter((row) => selected.has(row.structure.id)).map((row) => row.structure.id))
            }
          >
            {m.statementsSelection}
          </Button>
          <Button
            variant="outlined"
            disabled={rows.length === 0}
            onClick={() => void downloadOverdueXlsx(structureId, sort).catch(fail(m.exportError))}
          >
            {m.export}
          </Button>
        </Stack>
      }
    >
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 2 }} onClose={() => setNotice(null)} role="status">
          {notice.text}
        </Alert>
      )}
      {started && (
        <JobStartedAlert
          key={started.job.id}
          job={started.job}
          onFinished={() => void queryClient.invalidateQueries({ queryKey })}
        >
          {started.text}
        </JobStartedAlert>
      )}
      {mailed &&
        (mailed.job ? (
          <JobStartedAlert key={mailed.job.id} job={mailed.job}>
            {mailed.count > 0 ? m.mailQueued(mailed.count) : m.mailNothingQueued}
          </JobStartedAlert>
        ) : (
          <Alert severity="info" sx={{ mb: 2 }}>
            {mailed.count > 0 ? m.mailQueued(mailed.count) : m.mailNothingQueued}
          </Alert>
        ))}
      {mailed && mailed.leftOut.length > 0 && (
        <Alert severity="warning" sx={{ my: 2 }} onClose={() => setMailed({ ...mailed, leftOut: [] })}>
          {m.mailLeftOut(mailed.leftOut.length)}
          <ul style={{ margin: 0 }}>
            {mailed.leftOut.map((item) => (
              <li key={`${item.type}:${item.id}`}>{m.mailLeftOutLine(item.structure, item.raison)}</li>
            ))}
          </ul>
        </Alert>
      )}
      {list.isPending && <LinearProgress aria-label={m.loading} />}
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {m.retry}
            </Button>
          }
        >
          {formErrorText(list.error, m.loadError)}
        </Alert>
      )}
      {list.data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {m.asOf(formatIsoDay(list.data.asOf))}
          </Typography>
          <Typography role="status" variant="body2" sx={{ mb: 1 }}>
            {m.selected(selected.size)}
          </Typography>
          {rows.length === 0 ? (
            <Alert severity="info">{m.empty}</Alert>
          ) : (
            <OverdueTable
              rows={rows}
              sort={sort}
              onSort={setSort}
              selected={selected}
              onSelect={setSelected}
              onRemind={(row) => openDialog([row])}
              ownStructureId={structureId}
              lastReminderAction={lastReminderAction}
              onDownloadLast={(row) =>
                void downloadReminders([row.lastReminder!.id], structureId).catch(fail(m.downloadError))
              }
            />
          )}
        </>
      )}
      <IssueReminderDialog
        rows={reminding}
        pending={issue.isPending}
        error={issue.isError ? formErrorText(issue.error, m.dialog.error) : null}
        onCancel={() => setReminding([])}
        onSubmit={(form, send) => issue.mutate({ form, send })}
      />
    </PageLayout>
  );
}
