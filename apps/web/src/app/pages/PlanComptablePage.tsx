import { PageLayout } from '@/components/PageLayout';
import { UnderDevelopment } from '@/components/UnderDevelopment';
import { pageTitles } from '../messages';

/** The dashboard's 'Paramétrages comptable' card is "coming soon" (R-UI-04). */
export function PlanComptablePage() {
  return (
    <PageLayout title={pageTitles.planComptable} backTo="gestion_des_finances__dashboard">
      <UnderDevelopment />
    </PageLayout>
  );
}
