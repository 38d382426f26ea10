import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { EMPTY_FLUX_FILTERS, canPickStructure, canRemindOverdue, totalLabel } from '@gdf/domain';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { hrefInContext } from '@/lib/routes';
import { formErrorText } from '@/lib/api-client';
import { formatInteger } from '@/lib/format';
import { useCurrentStructure } from '@/lib/session';
import { downloadFluxDocument, type DownloadableFluxDocument } from '../api/download-flux-document';
import { MAX_ALL_ROWS } from '../api/fetch-all-flux';
import type { FluxRow } from '../api/flux-row';
import { useFluxSearch } from '../hooks/use-flux-search';
import { useStructureName } from '../hooks/use-structure-name';
import { useSeasons } from '@/lib/seasons';
import { fluxSearchMessages as m } from '../messages';
import { AccountStatementDialog } from './AccountStatementDialog';
import { DocumentPackButton } from './DocumentPackButton';
import { FluxDetailActions } from './FluxDetailActions';
import { FluxDetailModal } from './FluxDetailModal';
import { FluxFilterPanel } from './FluxFilterPanel';
import { FluxResults } from './FluxResults';
import { FluxSearchSummary } from './FluxSearchSummary';
import { Notice, type NoticeState } from './Notice';
import { StructurePicker } from '@/components/StructurePicker';
import { ignoredUrlParams } from '../utils/search-url';

export interface FluxExportSlotProps {
  /** Every row matching the current search (not only the page), in batches. */
  fetchRows: (signal?: AbortSignal) => Promise<FluxRow[]>;
  disabled: boolean;
}

interface FluxSearchProps {
  /** The export button, composed by the page (a feature never imports another). */
  renderExport?: (props: FluxExportSlotProps) => ReactNode;
}

/** R-SEARCH-07 to R-SEARCH-09: filters, results, detail modal. State lives in the URL (useFluxSearch). */
export function FluxSearch({ renderExport }: FluxSearchProps) {
  const search = useFluxSearch();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const ignored = ignoredUrlParams(searchParams);
  const { structureId, currentStructure } = useCurrentStructure();
  const seasons = useSeasons();
  const [open, setOpen] = useState<FluxRow | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  // Which search an export was cut for: the warning goes with that search.
  const searchKey = JSON.stringify(search.state);
  const [truncatedFor, setTruncatedFor] = useState<string | null>(null);
  const fetchRows = async (signal?: AbortSignal) => {
    const all = await search.fetchAll(undefined, signal);
    setTruncatedFor(all.truncated ? searchKey : null);
    return all.rows;
  };
  const picker = canPickStructure(currentStructure.structureType);
  const resetFilters = useMemo(
    () => ({ ...EMPTY_FLUX_FILTERS, season: seasons.defaultSeason }),
    [seasons.defaultSeason],
  );

  // A refusal the server explains (e.g. an avis de prélèvement has no Factur-X XML) is shown as it says.
  const download = (kind: DownloadableFluxDocument, fluxId: number) =>
    downloadFluxDocument(kind, fluxId, structureId).catch((error: unknown) =>
      setNotice({ message: formErrorText(error, m.downloadError), severity: 'error' }),
    );
  const noResults = search.status !== 'success' || search.rows.length === 0;
  // R-STMT-03: the statement of the one structure the search is about (a club: its own).
  const statementStructureId = picker ? (search.state.filters?.structureId ?? null) : structureId;
  const [statementOpen, setStatementOpen] = useState(false);
  const activeStructureName = useStructureName(structureId, search.state.filters?.structureId ?? null);

  return (
    <>
      {seasons.settled ? (
        <FluxFilterPanel
          initialFilters={search.state.filters ?? resetFilters}
          resetFilters={resetFilters}
          seasons={seasons.seasons}
          structureType={currentStructure.structureType}
          lockedStructureName={currentStructure.structureName}
          renderStructurePicker={
            picker
              ? (value, onChange) => <StructurePicker federationId={structureId} value={value} onChange={onChange} />
              : undefined
          }
          onSearch={search.search}
          activeFilters={search.state.filters}
          activeStructureName={activeStructureName}
          onReset={search.clear}
        />
      ) : (
        <LinearProgress aria-label={m.loading} sx={{ mb: 2 }} />
      )}
      {canRemindOverdue(currentStructure.structureType) && (
        // Head office, ligues and comités follow up their scope's overdue flux (not a dashboard card).
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
          <Tooltip title={m.impayesHint} describeChild>
            <Button
              variant="outlined"
              component={RouterLink}
              to={hrefInContext(location.search, 'flux_impayes', undefined, {})}
              state={{ from: location.pathname + location.search }}
            >
              {m.impayes}
            </Button>
          </Tooltip>
        </Stack>
      )}
      {search.status !== 'idle' && (
        <Stack
          direction="row"
          useFlexGap
          sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between', minHeight: 40, flexWrap: 'wrap', gap: 1 }}
        >
          <Typography role="status">
            {search.status === 'success' &&
              // 'Tous' counts the loaded rows, the pages a capped count (R-SEARCH-13),
              // which follows the table.
              (search.total === null
                ? search.countFailed
                  ? m.countFailed
                  : m.counting
                : m.total(
                    search.state.pageSize === 'all'
                      ? formatInteger(search.total)
                      : totalLabel(search.total, formatInteger),
                  ))}
          </Typography>
          {/* Wraps on a phone: the actions never widen the page. */}
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            {statementStructureId !== null && (
              <Tooltip title={m.accountStatementHint}>
                <Button variant="outlined" onClick={() => setStatementOpen(true)}>
                  {m.accountStatement}
                </Button>
              </Tooltip>
            )}
            {search.state.filters && (
              <DocumentPackButton
                // Structures that may not pick are locked to their own, as the search itself is.
                filters={picker ? search.state.filters : { ...search.state.filters, structureId }}
                structureId={structureId}
                disabled={noResults}
              />
            )}
            {renderExport && (
              <Tooltip title={noResults ? m.exportDisabled : ''}>
                <span>{renderExport({ fetchRows, disabled: noResults })}</span>
              </Tooltip>
            )}
          </Stack>
        </Stack>
      )}
      {ignored.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {m.ignoredParams(ignored.join(', '))}
        </Alert>
      )}
      <FluxSearchSummary search={search} />
      {search.truncated && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {m.allTruncated(formatInteger(MAX_ALL_ROWS))}
        </Alert>
      )}
      {truncatedFor === searchKey && (
        <Alert severity="warning" sx={{ mb: 1 }} onClose={() => setTruncatedFor(null)}>
          {m.exportTruncated(formatInteger(MAX_ALL_ROWS))}
        </Alert>
      )}
      <FluxResults search={search} onOpen={setOpen} onDownloadJustificatif={(row) => void download('releve', row.id)} />
      {statementOpen && statementStructureId !== null && (
        <AccountStatementDialog
          statementStructureId={statementStructureId}
          structureId={structureId}
          seasons={seasons.seasons}
          defaultSeason={seasons.defaultSeason}
          onClose={() => setStatementOpen(false)}
        />
      )}
      <FluxDetailModal
        structureId={structureId}
        fluxId={open?.id ?? null}
        fallbackTitle={open ? `${open.NomFluxFinancier} (${open.STR_Structure?.NomStructure ?? ''})` : undefined}
        onClose={() => setOpen(null)}
        renderActions={(flux) => (
          <FluxDetailActions
            flux={flux}
            structureId={structureId}
            onDownloadInvoice={(fluxId) => void download('facture', fluxId)}
            onDownloadFacturX={(fluxId) => void download('facturx', fluxId)}
            notify={(message, severity) => setNotice({ message, severity })}
          />
        )}
      />
      <Notice notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
