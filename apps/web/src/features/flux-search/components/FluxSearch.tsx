import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { EMPTY_FLUX_FILTERS, canPickStructure, type FluxSearchFilters } from '@gdf/domain';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { StructurePicker } from '@/components/StructurePicker';
import { formErrorText } from '@/lib/api-client';
import { formatInteger } from '@/lib/format';
import { useSeasons } from '@/lib/seasons';
import { useCurrentStructure } from '@/lib/session';
import { downloadFluxDocument, type DownloadableFluxDocument } from '../api/download-flux-document';
import { MAX_ALL_ROWS } from '../api/fetch-all-flux';
import type { FluxRow } from '../api/flux-row';
import { useResultsOnArrival, useScrollToResults } from '../hooks/use-answer-first';
import { useFluxExport } from '../hooks/use-flux-columns';
import { useFluxSearch, type FluxSearchResult } from '../hooks/use-flux-search';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { useStructureName } from '../hooks/use-structure-name';
import { fluxSearchMessages as m } from '../messages';
import { ignoredUrlParams } from '../utils/search-url';
import { AccountStatementDialog } from './AccountStatementDialog';
import { FluxDetailActions } from './FluxDetailActions';
import { FluxDetailModal } from './FluxDetailModal';
import { FluxFilterPanel } from './FluxFilterPanel';
import { FluxResults } from './FluxResults';
import { FluxSearchSummary } from './FluxSearchSummary';
import { FluxSearchCount, FluxSearchToolbar, ImpayesLink, type FluxExportSlotProps } from './FluxSearchToolbar';
import { Notice, type NoticeState } from './Notice';

interface FluxSearchProps {
  /** The export button, composed by the page (a feature never imports another). */
  renderExport?: (props: FluxExportSlotProps) => ReactNode;
}

/** The form's filters before any search: the current season (R-SEARCH-11); null until the seasons settle. */
function usePreset(): FluxSearchFilters | null {
  const seasons = useSeasons();
  return useMemo(
    () => (seasons.settled ? { ...EMPTY_FLUX_FILTERS, season: seasons.defaultSeason } : null),
    [seasons.settled, seasons.defaultSeason],
  );
}

/**
 * R-SEARCH-07 to R-SEARCH-09: filters, results, detail modal. State lives in the URL (useFluxSearch).
 * R-UI-15: the answer first (a locked structure's results on arrival, the actions before any search).
 */
export function FluxSearch({ renderExport }: FluxSearchProps) {
  const preset = usePreset();
  const search = useFluxSearch(preset);
  const phone = usePhoneLayout();
  const { results, searchAndScroll } = useScrollToResults(search, phone);
  const { structureId, currentStructure } = useCurrentStructure();
  const [open, setOpen] = useState<FluxRow | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [statementOpen, setStatementOpen] = useState(false);
  const exported = useExportRows(search);
  const picker = canPickStructure(currentStructure.structureType);
  useResultsOnArrival(search, !picker, preset);
  // The actions act on the filters shown: the search's, or the form's preset before any.
  const filters = search.state.filters ?? preset;
  // R-STMT-03: the statement of the one structure the search is about (a club: its own).
  const statementStructureId = picker ? (filters?.structureId ?? null) : structureId;
  // A refusal the server explains (e.g. an avis de prélèvement has no Factur-X XML) is shown as it says.
  const download = (kind: DownloadableFluxDocument, fluxId: number) =>
    downloadFluxDocument(kind, fluxId, structureId).catch((error: unknown) =>
      setNotice({ message: formErrorText(error, m.downloadError), severity: 'error' }),
    );

  return (
    <>
      <FluxSearchToolbar
        search={search}
        statementStructureId={statementStructureId}
        onOpenStatement={() => setStatementOpen(true)}
        packFilters={filters && (picker ? filters : { ...filters, structureId })}
        structureId={structureId}
        exportSlot={exported.slot}
        renderExport={renderExport}
      />
      <FluxSearchFilters search={search} picker={picker} phone={phone} onSearch={searchAndScroll} />
      <ImpayesLink />
      <FluxSearchCount search={search} />
      <FluxSearchAlerts search={search} exportTruncated={exported.truncated} onCloseExport={exported.dismiss} />
      <Box ref={results} sx={{ scrollMarginTop: 8 }}>
        <FluxResults
          search={search}
          onOpen={setOpen}
          onDownloadJustificatif={(row) => void download('releve', row.id)}
        />
      </Box>
      {statementOpen && statementStructureId !== null && (
        <StatementDialog structureId={statementStructureId} onClose={() => setStatementOpen(false)} />
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

/** The export's rows and columns; a cut export warns with the search it was cut for. */
function useExportRows(search: FluxSearchResult) {
  const columns = useFluxExport();
  const searchKey = JSON.stringify(search.state);
  const [truncatedFor, setTruncatedFor] = useState<string | null>(null);
  const fetchRows = async (signal?: AbortSignal) => {
    const all = await search.fetchAll(undefined, signal);
    setTruncatedFor(all.truncated ? searchKey : null);
    return all.rows;
  };
  return {
    slot: { fetchRows, ...columns },
    truncated: truncatedFor === searchKey,
    dismiss: () => setTruncatedFor(null),
  };
}

interface FluxSearchFiltersProps {
  search: FluxSearchResult;
  picker: boolean;
  /** R-UI-16: on a phone the panel folds after a search. */
  phone: boolean;
  onSearch: FluxSearchResult['search'];
}

function FluxSearchFilters({ search, picker, phone, onSearch }: FluxSearchFiltersProps) {
  const { structureId, currentStructure } = useCurrentStructure();
  const seasons = useSeasons();
  const resetFilters = useMemo(
    () => ({ ...EMPTY_FLUX_FILTERS, season: seasons.defaultSeason }),
    [seasons.defaultSeason],
  );
  const activeStructureName = useStructureName(structureId, search.state.filters?.structureId ?? null);
  if (!seasons.settled) return <LinearProgress aria-label={m.loading} sx={{ mb: 2 }} />;
  return (
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
      onSearch={onSearch}
      foldAfterSearch={phone}
      activeFilters={search.state.filters}
      activeStructureName={activeStructureName}
      onReset={search.clear}
    />
  );
}

interface FluxSearchAlertsProps {
  search: FluxSearchResult;
  exportTruncated: boolean;
  onCloseExport: () => void;
}

/** Ignored link keys, the totals, and the warnings of a list cut at MAX_ALL_ROWS. */
function FluxSearchAlerts({ search, exportTruncated, onCloseExport }: FluxSearchAlertsProps) {
  const [searchParams] = useSearchParams();
  const ignored = ignoredUrlParams(searchParams);
  return (
    <>
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
      {exportTruncated && (
        <Alert severity="warning" sx={{ mb: 1 }} onClose={onCloseExport}>
          {m.exportTruncated(formatInteger(MAX_ALL_ROWS))}
        </Alert>
      )}
    </>
  );
}

function StatementDialog({ structureId: statementStructureId, onClose }: { structureId: number; onClose: () => void }) {
  const { structureId } = useCurrentStructure();
  const seasons = useSeasons();
  return (
    <AccountStatementDialog
      statementStructureId={statementStructureId}
      structureId={structureId}
      seasons={seasons.seasons}
      defaultSeason={seasons.defaultSeason}
      onClose={onClose}
    />
  );
}
