import { PageLayout } from '@/components/PageLayout';
import { pageTitles } from '../messages';

/** SPEC.md screen 1; the module cards come with their own issue. */
export function FinancesDashboardPage() {
  return <PageLayout title={pageTitles.financesDashboard} />;
}
