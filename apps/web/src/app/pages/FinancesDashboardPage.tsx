import { FINANCES_DASHBOARD_MODULES } from '@gdf/domain';
import { PageLayout } from '@/components/PageLayout';
import { ModuleDashboard } from '@/features/dashboard';
import { pageTitles } from '../messages';

/** The finance dashboard (R-UI-04). */
export function FinancesDashboardPage() {
  return (
    <PageLayout title={pageTitles.financesDashboard}>
      <ModuleDashboard modules={FINANCES_DASHBOARD_MODULES} />
    </PageLayout>
  );
}
