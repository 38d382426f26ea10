import EventNote from '@mui/icons-material/EventNote';
import Stack from '@mui/material/Stack';
import { MODULES, openableTarget, ROUTE_MODULES } from '@gdf/domain';
import { useSession } from '@/lib/session';
import { componentMessages as m } from './messages';
import { RouteLink } from './RouteLink';

const FISCAL_YEARS_MODULE = MODULES[ROUTE_MODULES.parametrages_comptables__flux_financier];

/**
 * R-UI-20: the way to the fiscal years (validate, close) by a link, shown only to a user
 * holding their module's grant in the current structure (their page's guard, R-PERM-02, has
 * the last word on the structure's state).
 */
export function FiscalYearsLink() {
  const { me, modules } = useSession();
  if (!openableTarget({ isSuperAdmin: me.isSuperAdmin, permissions: modules }, FISCAL_YEARS_MODULE)) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <EventNote fontSize="small" color="primary" aria-hidden />
      <RouteLink to="parametrages_comptables__flux_financier" variant="body2">
        {m.fiscalYearsLink}
      </RouteLink>
    </Stack>
  );
}
