import { PageLayout } from '@/components/PageLayout';
import { UnderDevelopment } from '@/components/UnderDevelopment';
import { pageTitles } from '../messages';

/** The dashboard's 'Récapitulatif mensuel' card is "coming soon" (R-UI-04). */
export function RecapitulatifPage() {
  return (
    <PageLayout title={pageTitles.recapitulatif} backTo="gestion_des_finances__dashboard">
      <UnderDevelopment />
    </PageLayout>
  );
}
