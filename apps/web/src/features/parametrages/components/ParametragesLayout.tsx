import { PARAMETRAGES_NAV_MODULES } from '@gdf/domain';
import { PageLayout } from '@/components/PageLayout';
import { SideNavLayout } from '@/components/SideNavLayout';
import { navItemsOf } from '@/components/module-access/nav-items';
import { useModuleAccess } from '@/components/module-access/use-module-access';
import { parametragesMessages } from '../messages';

/**
 * R-UI-05: the structure's avatar (102) and four links, each behind its
 * parametrages_comptables__* permission; a denied link is disabled with the reason as tooltip.
 */
export function ParametragesLayout() {
  const access = useModuleAccess(PARAMETRAGES_NAV_MODULES);
  return (
    <PageLayout title={parametragesMessages.title} backTo="gestion_comptabilite__dashboard">
      <SideNavLayout
        label={parametragesMessages.navLabel}
        items={navItemsOf(PARAMETRAGES_NAV_MODULES, access)}
        pending={access.status === 'pending'}
      />
    </PageLayout>
  );
}
