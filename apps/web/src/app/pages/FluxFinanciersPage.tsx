import Stack from '@mui/material/Stack';
import { ExportButton } from '@/features/export';
import { FLUX_EXPORT_FIELDS, FluxSearch, fluxSearchMessages } from '@/features/flux-search';
import { PageLayout } from '@/components/PageLayout';
import type { RouteName } from '@/lib/routes';
import { pageTitles } from '../messages';

/**
 * CSV as the original offered it, and a real workbook (amounts as numbers, dates as dates),
 * which French Excel opens in columns where it reads a comma CSV as a single one.
 */
const EXPORT_FORMATS = [
  { type: 'csv', name: fluxSearchMessages.exportName, label: fluxSearchMessages.exportCsv },
  { type: 'xlsx', name: fluxSearchMessages.exportNameExcel, label: fluxSearchMessages.exportExcel },
] as const;

/**
 * SPEC.md screen 4, reachable under both dashboards; its back button returns to the
 * dashboard of its first path segment (DESIGN.md section 4). The export button comes from
 * the export feature and is handed to the search as a slot.
 */
export function FluxFinanciersPage({ backTo }: { backTo: RouteName }) {
  return (
    <PageLayout title={pageTitles.fluxFinanciers} backTo={backTo}>
      <FluxSearch
        renderExport={({ fetchRows, disabled }) => (
          <Stack direction="row" spacing={1} component="span">
            {EXPORT_FORMATS.map((format) => (
              <ExportButton
                key={format.type}
                {...format}
                fields={FLUX_EXPORT_FIELDS}
                fetch={fetchRows}
                disabled={disabled}
              />
            ))}
          </Stack>
        )}
      />
    </PageLayout>
  );
}
