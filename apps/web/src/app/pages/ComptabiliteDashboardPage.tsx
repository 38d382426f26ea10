import { COMPTABILITE_DASHBOARD_GATE, COMPTABILITE_DASHBOARD_MODULES } from '@gdf/domain';
import { PageLayout } from '@/components/PageLayout';
import { ModuleDashboard } from '@/features/dashboard';
import { pageTitles } from '../messages';
import { RequireAnyModule } from '../RequireAnyModule';

/** The accounting dashboard: the Paramétrages Comptables pages and the flux search. */
export function ComptabiliteDashboardPage() {
  return (
    <RequireAnyModule modules={COMPTABILITE_DASHBOARD_GATE}>
      <PageLayout title={pageTitles.comptabiliteDashboard}>
        <ModuleDashboard modules={COMPTABILITE_DASHBOARD_MODULES} />
      </PageLayout>
    </RequireAnyModule>
  );
}
