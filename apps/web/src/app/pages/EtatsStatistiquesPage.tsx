import { PageLayout } from '@/components/PageLayout';
import { UnderDevelopment } from '@/components/UnderDevelopment';
import { pageTitles } from '../messages';

/** SPEC.md screen 3: a placeholder. */
export function EtatsStatistiquesPage() {
  return (
    <PageLayout title={pageTitles.etatsStatistiques} backTo="gestion_des_finances__dashboard">
      <UnderDevelopment />
    </PageLayout>
  );
}
