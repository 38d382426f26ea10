import { PageLayout } from '@/components/PageLayout';
import { pageTitles } from '../messages';

export function ComptabiliteDashboardPage() {
  return <PageLayout title={pageTitles.comptabiliteDashboard} />;
}
