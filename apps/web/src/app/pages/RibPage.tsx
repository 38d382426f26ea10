import { PageLayout } from '@/components/PageLayout';
import { HeadOfficeRibs } from '@/features/rib';
import { pageTitles } from '../messages';

/** The head office's RIBs, behind the 'RIB' card (structure 1318 only). */
export function RibPage() {
  return (
    <PageLayout title={pageTitles.rib} backTo="gestion_des_finances__dashboard">
      <HeadOfficeRibs />
    </PageLayout>
  );
}
