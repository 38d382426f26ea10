import { PageLayout } from '@/components/PageLayout';
import { pageTitles } from '../messages';

export function RibPage() {
  return <PageLayout title={pageTitles.rib} backTo="gestion_des_finances__dashboard" />;
}
