import { PageLayout } from '@/components/PageLayout';
import { SideNavLayout, type SideNavItem } from '@/components/SideNavLayout';
import { useCurrentStructure } from '@/lib/session';
import { pageTitles } from '../../messages';

// SPEC.md screen 7; the SEPA entry's authorisation lock comes with the SEPA issue.
const items: readonly SideNavItem[] = [
  { route: 'export__sepa', label: pageTitles.sepaNav },
  { route: 'export__sage', label: pageTitles.sageNav },
];

export function ExportLayout() {
  const { currentStructure } = useCurrentStructure();
  return (
    <PageLayout title={pageTitles.export} backTo="gestion_des_finances__dashboard">
      <SideNavLayout structureName={currentStructure.structureName} items={items} />
    </PageLayout>
  );
}
