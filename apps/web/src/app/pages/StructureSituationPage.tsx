import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import {
  EMPTY_FLUX_FILTERS,
  toReminderIssueRequest,
  type ReminderIssueForm,
  type StructureSituation as Situation,
} from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { AccountStatementDialog, DocumentPackButton } from '@/features/flux-search';
import { IssueReminderDialog, downloadReminders, issueReminders } from '@/features/impayes';
import {
  STRUCTURE_SITUATION_QUERY_KEY,
  StructureSituation,
  structureSituationMessages as m,
  useStructureSituation,
} from '@/features/structure-situation';
import { PageLayout } from '@/components/PageLayout';
import { formErrorText } from '@/lib/api-client';
import { hrefInContext } from '@/lib/routes';
import { useSeasons } from '@/lib/seasons';
import { useCurrentStructure } from '@/lib/session';

const POSITIVE_ID = /^[1-9]\d{0,9}$/;

/**
 * 'Situation de la structure' (route `structure_situation`), opened from the flux search (the
 * structure cell, its chip, the detail modal), an Impayés row or a reconciliation proposal. Its
 * actions come from the features that own them: the relevé dialog and documents pack of the
 * search, the reminder letter of Impayés; each shown when the server says the caller may.
 */
export function StructureSituationPage() {
  const { id } = useParams();
  const location = useLocation();
  const structureId = id && POSITIVE_ID.test(id) ? Number(id) : null;
  const situation = useStructureSituation(structureId);
  // Back to the page it was opened from, else to the flux search.
  const from = (location.state as { from?: unknown } | null)?.from;
  const backHref =
    typeof from === 'string' && from.startsWith('/')
      ? from
      : hrefInContext(location.search, 'flux_financiers__gestion_des_finances');
  const name = situation.data?.structure.name;
  return (
    <PageLayout title={name ? m.titleOf(name) : m.title} backHref={backHref}>
      {structureId === null ? (
        <Alert severity="error">{m.invalidId}</Alert>
      ) : (
        <StructureSituation
          structureId={structureId}
          renderActions={(loaded) => <SituationActions situation={loaded} />}
        />
      )}
    </PageLayout>
  );
}

function SituationActions({ situation }: { situation: Situation }) {
  const { structureId } = useCurrentStructure();
  const seasons = useSeasons();
  const queryClient = useQueryClient();
  const [statementOpen, setStatementOpen] = useState(false);
  const [reminding, setReminding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { actions, overdueRow, structure } = situation;
  const issue = useMutation({
    mutationFn: async (form: ReminderIssueForm) => {
      // The letter follows the last one the page showed, as from the Impayés list.
      const answer = await issueReminders(structureId, toReminderIssueRequest(form, overdueRow ? [overdueRow] : []));
      // One structure: always issued in the request (a job is for large selections, R-JOB-09).
      if ('issued' in answer)
        await downloadReminders(
          answer.issued.map((letter) => letter.id),
          structureId,
        );
    },
    onSuccess: async () => {
      setReminding(false);
      setNotice(m.reminderIssued);
      await queryClient.invalidateQueries({ queryKey: [STRUCTURE_SITUATION_QUERY_KEY] });
    },
  });
  return (
    <>
      {actions.accountStatement.allowed && (
        <Button variant="outlined" onClick={() => setStatementOpen(true)}>
          {m.statementButton}
        </Button>
      )}
      {actions.documentPack.allowed && seasons.settled && (
        <DocumentPackButton
          filters={{ ...EMPTY_FLUX_FILTERS, season: seasons.defaultSeason, structureId: structure.id }}
          structureId={structureId}
          disabled={false}
        />
      )}
      {actions.reminder.allowed && overdueRow && (
        <Button
          variant="outlined"
          onClick={() => {
            issue.reset();
            setReminding(true);
          }}
        >
          {m.reminderButton}
        </Button>
      )}
      {statementOpen && seasons.settled && (
        <AccountStatementDialog
          statementStructureId={structure.id}
          structureId={structureId}
          seasons={seasons.seasons}
          defaultSeason={seasons.defaultSeason}
          onClose={() => setStatementOpen(false)}
        />
      )}
      <IssueReminderDialog
        rows={reminding && overdueRow ? [overdueRow] : []}
        pending={issue.isPending}
        error={issue.isError ? formErrorText(issue.error, m.reminderError) : null}
        onCancel={() => setReminding(false)}
        onSubmit={(form) => issue.mutate(form)}
      />
      <Snackbar open={notice !== null} autoHideDuration={6000} onClose={() => setNotice(null)}>
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      </Snackbar>
    </>
  );
}
