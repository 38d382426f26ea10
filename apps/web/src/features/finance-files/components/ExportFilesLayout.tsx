import Container from '@mui/material/Container';
import { EXPORT_NAV_MODULES } from '@gdf/domain';
import { useEffect, useState } from 'react';
import { SideNavLayout } from '@/components/SideNavLayout';
import { navItemsOf } from '@/components/module-access/nav-items';
import { useModuleAccess } from '@/components/module-access/use-module-access';
import { exportFilesMessages } from '../messages';
import { ExportFilesTopBar } from './ExportFilesTopBar';

/**
 * R-UI-07: top bar, sidebar with the structure's avatar and the SEPA (behind
 * the SEPA authorisation) and SAGE entries, the selected child route fading in.
 */
export function ExportFilesLayout() {
  const access = useModuleAccess(EXPORT_NAV_MODULES);
  // R-UI-07: the page renders only once it has mounted.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;

  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <title>{`${exportFilesMessages.title} · ${exportFilesMessages.productName}`}</title>
      <ExportFilesTopBar />
      <SideNavLayout
        label={exportFilesMessages.navLabel}
        items={navItemsOf(EXPORT_NAV_MODULES, access)}
        pending={access.status === 'pending'}
      />
    </Container>
  );
}
