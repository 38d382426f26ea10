import { FRENCH_EXCEL_CSV } from '@gdf/file-formats';
import Stack from '@mui/material/Stack';
import { ExportButton } from '@/features/export';
import { FluxSearch, fluxSearchMessages } from '@/features/flux-search';
import { PageLayout } from '@/components/PageLayout';
import type { RouteName } from '@/lib/routes';
import { pageTitles } from '../messages';

/**
 * A CSV French Excel reads (';', amounts as numbers with a decimal comma, dates JJ/MM/AAAA
 * HH:MM) and a real workbook (amounts '# ##0,00 €', dates as dates): R-SEARCH-17, R-EXP-12.
 */
const EXPORT_FORMATS = [
  { type: 'csv', name: fluxSearchMessages.exportName, label: fluxSearchMessages.exportCsv, ...FRENCH_EXCEL_CSV },
  { type: 'xlsx', name: fluxSearchMessages.exportNameExcel, label: fluxSearchMessages.exportExcel },
] as const;

/**
 * The flux search, reachable under both dashboards; its back button returns to the
 * dashboard of its first path segment (R-SEARCH-20). The export button comes from
 * the export feature and is handed to the search as a slot.
 */
export function FluxFinanciersPage({ backTo }: { backTo: RouteName }) {
  return (
    <PageLayout title={pageTitles.fluxFinanciers} backTo={backTo}>
      <FluxSearch
        // The export's columns are those the viewer sees (the search's column definition).
        renderExport={({ fetchRows, disabled, fields, amountColumns }) => (
          <Stack direction="row" spacing={1} component="span">
            {EXPORT_FORMATS.map((format) => (
              <ExportButton
                key={format.type}
                {...format}
                fields={fields}
                amountColumns={amountColumns}
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
