import { ModuleSlug } from '@gdf/domain';
import { PageLayout } from '@/components/PageLayout';
import { UnderDevelopment } from '@/components/UnderDevelopment';
import { EtatsStatistiques } from '@/features/statistics';
import { useSession } from '@/lib/session';
import { pageTitles } from '../messages';

/**
 * 'Etats statistiques': the module for the holders of its read grant (super_administrateur holds
 * all, R-STAT-01); anyone else keeps the specification's placeholder (R-UI-06).
 */
export function EtatsStatistiquesPage() {
  const { me, modules } = useSession();
  const mayRead = me.isSuperAdmin || modules.includes(ModuleSlug.EtatsStatistiques);
  return (
    <PageLayout title={pageTitles.etatsStatistiques} backTo="gestion_des_finances__dashboard">
      {mayRead ? <EtatsStatistiques /> : <UnderDevelopment />}
    </PageLayout>
  );
}
