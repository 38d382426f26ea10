import { ModuleSlug } from '@gdf/domain';
import { PageLayout } from '@/components/PageLayout';
import { UnderDevelopment } from '@/components/UnderDevelopment';
import { MonthlyRecap } from '@/features/monthly-recap';
import { useSession } from '@/lib/session';
import { pageTitles } from '../messages';

/**
 * 'Récapitulatif mensuel': the module for the holders of its read grant (super_administrateur
 * holds all); anyone else keeps the coming-soon placeholder of its card (R-RECAP-08).
 */
export function RecapitulatifPage() {
  const { me, modules } = useSession();
  const mayRead = me.isSuperAdmin || modules.includes(ModuleSlug.Recapitulatif);
  return (
    <PageLayout title={pageTitles.recapitulatif} backTo="gestion_des_finances__dashboard">
      {mayRead ? <MonthlyRecap /> : <UnderDevelopment />}
    </PageLayout>
  );
}
