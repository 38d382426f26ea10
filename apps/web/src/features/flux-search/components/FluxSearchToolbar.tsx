import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { offersImpayes, totalLabel, type FluxSearchFilters } from '@gdf/domain';
import type { ExportFields } from '@gdf/file-formats';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { formatInteger } from '@/lib/format';
import { hrefInContext } from '@/lib/routes';
import { useSession } from '@/lib/session';
import type { FluxRow } from '../api/flux-row';
import type { FluxSearchResult } from '../hooks/use-flux-search';
import { fluxSearchMessages as m } from '../messages';
import { DocumentPackButton } from './DocumentPackButton';

export interface FluxExportSlotProps {
  /** Every row matching the current search (not only the page), in batches. */
  fetchRows: (signal?: AbortSignal) => Promise<FluxRow[]>;
  disabled: boolean;
  /** The export's columns for the viewer (R-SEARCH-17), from the column definition. */
  fields: ExportFields;
  /** Its columns holding euros. */
  amountColumns: string[];
}

/**
 * The head office follows up its scope's overdue flux (not a dashboard card); offered only
 * where Impayés can show something (R-UI-20): not to a ligue or a comité, whose scope is their
 * own structure, nor to a club.
 */
export function ImpayesLink() {
  const location = useLocation();
  const { me, currentStructure } = useSession();
  if (!offersImpayes(currentStructure.structureType, me.isSuperAdmin)) return null;
  return (
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
  );
}

/** 'Tous' counts the loaded rows, the pages a capped count (R-SEARCH-13), which follows the table. */
function countText(search: FluxSearchResult): string | null {
  if (search.status === 'idle') return null;
  if (search.status !== 'success') return null;
  if (search.total === null) return search.countFailed ? m.countFailed : m.counting;
  const all = search.state.pageSize === 'all';
  return m.total(all ? formatInteger(search.total) : totalLabel(search.total, formatInteger));
}

interface FluxSearchToolbarProps {
  search: FluxSearchResult;
  /** The statement's structure (R-STMT-03), null when the search is about several. */
  statementStructureId: number | null;
  onOpenStatement: () => void;
  /** The pack's filters: structures that may not pick are locked to their own. */
  packFilters: FluxSearchFilters | null;
  structureId: number;
  exportSlot: Omit<FluxExportSlotProps, 'disabled'>;
  renderExport?: (props: FluxExportSlotProps) => ReactNode;
}

/** The count of a search, above its results. */
export function FluxSearchCount({ search }: { search: FluxSearchResult }) {
  return (
    <Typography role="status" sx={{ mb: 1, minHeight: 24 }}>
      {countText(search)}
    </Typography>
  );
}

/**
 * The page's actions: statement, export, document pack. R-UI-15: above the filters and there
 * before any search, acting on the filters shown; after a search, on its rows.
 */
export function FluxSearchToolbar(props: FluxSearchToolbarProps) {
  const { search, statementStructureId, onOpenStatement, packFilters, structureId, exportSlot, renderExport } = props;
  const noResults = search.status !== 'idle' && (search.status !== 'success' || search.rows.length === 0);
  return (
    <Stack direction="row" useFlexGap sx={{ mb: 1, justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
      {/* Wraps on a phone: the actions never widen the page. The pack comes last, next to the filters. */}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {statementStructureId !== null && (
          <Tooltip title={m.accountStatementHint}>
            <Button variant="outlined" onClick={onOpenStatement}>
              {m.accountStatement}
            </Button>
          </Tooltip>
        )}
        {renderExport && (
          <Tooltip title={noResults ? m.exportDisabled : ''}>
            <span>{renderExport({ ...exportSlot, disabled: noResults })}</span>
          </Tooltip>
        )}
        {packFilters && <DocumentPackButton filters={packFilters} structureId={structureId} disabled={noResults} />}
      </Stack>
    </Stack>
  );
}
