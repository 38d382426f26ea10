import Box from '@mui/material/Box';
import { FINANCES_DASHBOARD_MODULES } from '@gdf/domain';
import { FiscalYearsLink } from '@/components/FiscalYearsLink';
import { PageLayout } from '@/components/PageLayout';
import { ModuleDashboard } from '@/features/dashboard';
import { pageTitles } from '../messages';

/** The finance dashboard (R-UI-04). */
export function FinancesDashboardPage() {
  return (
    <PageLayout title={pageTitles.financesDashboard}>
      <ModuleDashboard modules={FINANCES_DASHBOARD_MODULES} />
      {/* R-UI-20: the cards keep their states; the fiscal years get their own link below. */}
      <Box sx={{ mt: 3 }}>
        <FiscalYearsLink />
      </Box>
    </PageLayout>
  );
}
