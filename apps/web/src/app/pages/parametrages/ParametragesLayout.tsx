import { PageLayout } from '@/components/PageLayout';
import { SideNavLayout, type SideNavItem } from '@/components/SideNavLayout';
import { useCurrentStructure } from '@/lib/session';
import { pageTitles } from '../../messages';

// SPEC.md screen 2; per-module permission locks on the links come with their issue.
const items: readonly SideNavItem[] = [
  { route: 'parametrages_comptables__plan_comptable', label: pageTitles.paramPlanComptable },
  { route: 'parametrages_comptables__type_facturation', label: pageTitles.paramTypeFacturation },
  { route: 'parametrages_comptables__plan_analytique', label: pageTitles.paramPlanAnalytique },
  { route: 'parametrages_comptables__flux_financier', label: pageTitles.paramFluxFinancier },
];

export function ParametragesLayout() {
  const { currentStructure } = useCurrentStructure();
  return (
    <PageLayout title={pageTitles.parametragesComptables} backTo="gestion_comptabilite__dashboard">
      <SideNavLayout structureName={currentStructure.structureName} items={items} />
    </PageLayout>
  );
}
