import { PageLayout } from '@/components/PageLayout';
import { UnderDevelopment } from '@/components/UnderDevelopment';
import { pageTitles } from '../messages';

/** R-UI-06: a placeholder. */
export function EtatsStatistiquesPage() {
  return (
    <PageLayout title={pageTitles.etatsStatistiques} backTo="gestion_des_finances__dashboard">
      <UnderDevelopment />
    </PageLayout>
  );
}
