import { canPickStructure } from '@gdf/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AccessDenied } from '@/components/AccessDenied';
import { PageLayout } from '@/components/PageLayout';
import { ApiError, formErrorText } from '@/lib/api-client';
import { useCurrentStructure } from '@/lib/session';
import { fetchOverdueList } from '../api/impayes-api';
import { impayesMessages as m } from '../messages';
import { ImpayesActionButtons } from './ImpayesActionButtons';
import { ImpayesFilters } from './ImpayesFilters';
import { ImpayesList } from './ImpayesList';
import { ImpayesNotices } from './ImpayesNotices';
import { IssueReminderDialog } from './IssueReminderDialog';
import { useImpayesActions } from './use-impayes-actions';
import { useImpayesSearch } from './use-impayes-search';

/**
 * Impayés of the current structure's scope (head office, ligue or comité), reached from the
 * flux search: the overdue list searched by name, filtered, sorted and paged by the server
 * (R-UI-20), its filters in the URL; the export of what the filters keep; reminder letters for
 * one structure or a selection, downloaded at once (a PDF, or a ZIP of several). A large
 * selection's letters, and the selection's relevés de compte, are issued by a job (R-JOB-06,
 * R-JOB-09): its progress shows here, its ZIP downloads from 'Mes traitements'. A structure
 * refused (a club) reads the refusal only: no action it cannot take (R-UI-18).
 */
export function ImpayesPage({
  backHref,
  lastReminderAction,
}: {
  backHref: string;
  /** Beside a row's last letter (the page composing this one: its e-mail sending and log). */
  lastReminderAction?: (letter: { id: number }) => ReactNode;
}) {
  const { structureId, currentStructure } = useCurrentStructure();
  const searchState = useImpayesSearch();
  const { search, update } = searchState;
  const list = useQuery({
    queryKey: ['impayes', structureId, search],
    queryFn: ({ signal }) => fetchOverdueList(structureId, search, signal),
    // The page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  const actions = useImpayesActions(structureId);

  if (list.error instanceof ApiError && list.error.status === 403)
    return <AccessDenied reason={formErrorText(list.error, m.loadError)} />;

  return (
    <PageLayout
      title={m.title}
      backHref={backHref}
      actions={
        list.data && (
          <ImpayesActionButtons
            actions={actions}
            structureId={structureId}
            search={search}
            canExport={list.data.total > 0}
          />
        )
      }
    >
      <ImpayesNotices notices={actions.notices} />
      <ImpayesFilters
        search={search}
        onChange={update}
        federationId={canPickStructure(currentStructure.structureType) ? structureId : null}
      />
      <ImpayesList
        list={list}
        searchState={searchState}
        actions={actions}
        structureId={structureId}
        lastReminderAction={lastReminderAction}
      />
      <IssueReminderDialog
        rows={actions.reminding}
        pending={actions.issue.isPending}
        error={actions.issue.isError ? formErrorText(actions.issue.error, m.dialog.error) : null}
        onCancel={actions.closeDialog}
        onSubmit={(form, send) => actions.issue.mutate({ form, send })}
      />
    </PageLayout>
  );
}
