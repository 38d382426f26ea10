import { ExportButton } from '@/features/export';
import { FLUX_EXPORT_FIELDS, FluxSearch, fluxSearchMessages } from '@/features/flux-search';
import { PageLayout } from '@/components/PageLayout';
import type { RouteName } from '@/lib/routes';
import { pageTitles } from '../messages';

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
          <ExportButton
            type="csv"
            name={fluxSearchMessages.exportName}
            fields={FLUX_EXPORT_FIELDS}
            fetch={fetchRows}
            disabled={disabled}
          />
        )}
      />
    </PageLayout>
  );
}
