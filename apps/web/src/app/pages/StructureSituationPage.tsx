import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  EMPTY_FLUX_FILTERS,
  ModuleSlug,
  toReminderIssueRequest,
  type ReminderIssueForm,
  type StructureSituation as Situation,
} from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { AccountStatementDialog, DocumentPackButton } from '@/features/flux-search';
import { IssueReminderDialog, downloadReminders, issueReminders } from '@/features/impayes';
import { StructureRecaps } from '@/features/monthly-recap';
import { BillingEmailField, MailDocumentDialogButton, MailLog, mailMessages, useMaySend } from '@/features/mail';
import {
  STRUCTURE_SITUATION_QUERY_KEY,
  StructureSituation,
  structureSituationMessages as m,
  useStructureSituation,
} from '@/features/structure-situation';
import { PageLayout } from '@/components/PageLayout';
import { formErrorText } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { hrefInContext } from '@/lib/routes';
import { useSeasons } from '@/lib/seasons';
import { useCurrentStructure, useSession } from '@/lib/session';

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
  const { me, modules } = useSession();
  // The structure's monthly recaps, for the holders of that module's read grant.
  const mayReadRecaps = me.isSuperAdmin || modules.includes(ModuleSlug.Recapitulatif);
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
        <>
          <StructureSituation
            structureId={structureId}
            renderActions={(loaded) => <SituationActions situation={loaded} />}
          />
          {situation.data && mayReadRecaps && (
            <Box sx={{ mt: 3 }}>
              <StructureRecaps structureId={situation.data.structure.id} />
            </Box>
          )}
          {situation.data && <SituationMail situation={situation.data} />}
        </>
      )}
    </PageLayout>
  );
}

/**
 * R-MAIL-01 to R-MAIL-05: the structure's 'E-mail de facturation', its latest relevés and letters
 * to send by e-mail (each with its delivery log), and every e-mail sent to it.
 */
function SituationMail({ situation }: { situation: Situation }) {
  const maySend = useMaySend();
  const documents = [
    ...situation.statements.map((statement) => ({
      key: `releve-${statement.id}`,
      document: { type: 'releve' as const, id: statement.id },
      label: `${mailMessages.documentTypes.releve} n° ${statement.number}`,
      canSend: maySend.releve,
    })),
    ...situation.reminders.map((letter) => ({
      key: `relance-${letter.id}`,
      document: { type: 'relance' as const, id: letter.id },
      label: `${mailMessages.documentTypes.relance} : ${letter.levelLabel} (${formatDate(letter.date)})`,
      canSend: maySend.relance,
    })),
  ];
  return (
    <Stack spacing={3} sx={{ mt: 3 }}>
      <BillingEmailField ofStructure={situation.structure.id} />
      {documents.length > 0 && (
        <section aria-label={mailMessages.documents}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {mailMessages.documents}
          </Typography>
          <Stack spacing={0.5}>
            {documents.map((item) => (
              <Stack key={item.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <MailDocumentDialogButton document={item.document} label={item.label} canSend={item.canSend} />
                <Typography>{item.label}</Typography>
              </Stack>
            ))}
          </Stack>
        </section>
      )}
      <MailLog
        source={{ structureId: situation.structure.id }}
        canResend={maySend.facture || maySend.relance}
        title={mailMessages.structureLogTitle}
      />
    </Stack>
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
