import Link, { type LinkProps } from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { Query, RouteName, RouteParams } from '@/lib/routes';
import { useRouteHref } from '@/lib/use-route-href';

type RouteLinkProps<Name extends RouteName> = Omit<LinkProps, 'href'> & {
  to: Name;
  params?: RouteParams<Name>;
  query?: Query;
};

/** A link by route name that keeps structureId/appMode (see useRouteHref). */
export function RouteLink<Name extends RouteName>({ to, params, query, ...linkProps }: RouteLinkProps<Name>) {
  const routeHref = useRouteHref();
  return <Link component={RouterLink} to={routeHref(to, params, query)} {...linkProps} />;
}
