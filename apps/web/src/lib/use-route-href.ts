import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { hrefInContext, type Query, type RouteName, type RouteParams } from './routes';

/**
 * `href` bound to the current URL: links keep structureId and appMode, so an embedded
 * page stays embedded and the chosen structure stays chosen from page to page.
 */
export function useRouteHref(): <Name extends RouteName>(
  name: Name,
  params?: RouteParams<Name>,
  query?: Query,
) => string {
  const { search } = useLocation();
  return useCallback((name, params, query) => hrefInContext(search, name, params, query), [search]);
}
