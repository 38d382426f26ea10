import Link from '@mui/material/Link';
import { useCallback } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { statisticsMessages as m } from '../messages';
import { drillDownHref } from '../utils/statistics-url';

/** A figure as a link to the flux search giving the same total; `what` names it for screen readers. */
export function DrillLink({ recherche, figure, what }: { recherche: string; figure: string; what: string }) {
  const { search } = useLocation();
  // R-STAT-08: a figure with nothing to search (an ageing bucket outside the period) is no link.
  if (!recherche) return figure;
  return (
    <Link component={RouterLink} to={drillDownHref(search, recherche)} aria-label={m.drill(figure, what)}>
      {figure}
    </Link>
  );
}

/** Opens the flux search of a `recherche` (a click on a chart's bar). */
export function useDrillDown(): (recherche: string) => void {
  const { search } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (recherche: string) => {
      if (recherche) void navigate(drillDownHref(search, recherche));
    },
    [navigate, search],
  );
}
