import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { isModuleVisible, type ModuleId } from '@gdf/domain';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ModuleCard } from '@/components/ModuleCard';
import { useModuleAccess } from '@/components/module-access/use-module-access';
import { useModuleLink } from '../hooks/use-module-link';
import { dashboardMessages } from '../messages';
import { MODULE_ICONS } from './module-icons';

/**
 * The cards of a dashboard, each in the state R-PERM-02 gives it. `modules`
 * must be a stable array (one of the registry's lists).
 */
export function ModuleDashboard({ modules }: { modules: readonly ModuleId[] }) {
  const access = useModuleAccess(modules);
  const linkOf = useModuleLink();
  if (access.status === 'pending') return <CenteredProgress label={dashboardMessages.loading} />;

  const visible = access.modules.filter((entry) => isModuleVisible(entry.module, access.structureId));
  return (
    <>
      {access.structureStatusUnavailable && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {dashboardMessages.statusUnavailable}
        </Alert>
      )}
      <Box
        component="ul"
        aria-label={dashboardMessages.modulesLabel}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        }}
      >
        {visible.map((entry) => (
          <Box component="li" key={entry.module.id}>
            <ModuleCard
              title={entry.module.title}
              description={entry.module.description}
              icon={MODULE_ICONS[entry.module.id]}
              state={entry.state}
              link={linkOf(entry, access.structureId)}
            />
          </Box>
        ))}
      </Box>
    </>
  );
}
