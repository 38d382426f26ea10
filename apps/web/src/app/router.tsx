import type { ComponentType } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ROUTES, hrefInContext, type RouteName } from '@/lib/routes';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';

/**
 * Every page is its own chunk (route `lazy`), so the first load only carries the shell
 * and the page asked for (DESIGN.md section 7: dashboard <= 250 KB gzipped).
 */
function page(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

function fluxFinanciersPage(backTo: RouteName) {
  return page(async () => {
    const { FluxFinanciersPage } = await import('./pages/FluxFinanciersPage');
    return function FluxFinanciersRoute() {
      return <FluxFinanciersPage backTo={backTo} />;
    };
  });
}

/** '/' lands on the dashboard, keeping structureId/appMode. */
function RedirectToDashboard() {
  const { search } = useLocation();
  return <Navigate to={hrefInContext(search, 'gestion_des_finances__dashboard')} replace />;
}

export const appRoutes: RouteObject[] = [
  {
    HydrateFallback: CenteredProgress,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', Component: RedirectToDashboard },
      { path: ROUTES.login, ...page(async () => (await import('./pages/LoginPage')).LoginPage) },
      {
        Component: RequireAuth,
        children: [
          {
            path: ROUTES.gestion_des_finances__dashboard,
            ...page(async () => (await import('./pages/FinancesDashboardPage')).FinancesDashboardPage),
          },
          {
            path: ROUTES.gestion_des_finances__parametrage_plan_comptable,
            ...page(async () => (await import('./pages/PlanComptablePage')).PlanComptablePage),
          },
          {
            path: ROUTES.gestion_des_finances__etats_statistiques,
            ...page(async () => (await import('./pages/EtatsStatistiquesPage')).EtatsStatistiquesPage),
          },
          { path: ROUTES.gestion_des_finances__rib, ...page(async () => (await import('./pages/RibPage')).RibPage) },
          {
            path: ROUTES.gestion_des_finances__recapitulatif,
            ...page(async () => (await import('./pages/RecapitulatifPage')).RecapitulatifPage),
          },
          {
            path: ROUTES.flux_financiers__gestion_des_finances,
            ...fluxFinanciersPage('gestion_des_finances__dashboard'),
          },
          {
            path: ROUTES.flux_financiers__gestion_comptabilite,
            ...fluxFinanciersPage('gestion_comptabilite__dashboard'),
          },
          {
            path: ROUTES.gestion_comptabilite__dashboard,
            ...page(async () => (await import('./pages/ComptabiliteDashboardPage')).ComptabiliteDashboardPage),
          },
          {
            ...page(async () => (await import('./pages/parametrages/ParametragesLayout')).ParametragesLayout),
            children: [
              {
                path: ROUTES.parametrages_comptables__plan_comptable,
                ...page(
                  async () => (await import('./pages/parametrages/ParamPlanComptablePage')).ParamPlanComptablePage,
                ),
              },
              {
                path: ROUTES.parametrages_comptables__type_facturation,
                ...page(
                  async () => (await import('./pages/parametrages/ParamTypeFacturationPage')).ParamTypeFacturationPage,
                ),
              },
              {
                path: ROUTES.parametrages_comptables__plan_analytique,
                ...page(
                  async () => (await import('./pages/parametrages/ParamPlanAnalytiquePage')).ParamPlanAnalytiquePage,
                ),
              },
              {
                path: ROUTES.parametrages_comptables__flux_financier,
                ...page(
                  async () => (await import('./pages/parametrages/ParamFluxFinancierPage')).ParamFluxFinancierPage,
                ),
              },
            ],
          },
          {
            ...page(async () => (await import('./pages/export/ExportLayout')).ExportLayout),
            children: [
              {
                path: ROUTES.export__sepa,
                ...page(async () => (await import('./pages/export/ExportSepaPage')).ExportSepaPage),
              },
              {
                path: ROUTES.export__sage,
                ...page(async () => (await import('./pages/export/ExportSagePage')).ExportSagePage),
              },
            ],
          },
        ],
      },
      { path: '*', ...page(async () => (await import('./pages/NotFoundPage')).NotFoundPage) },
    ],
  },
];
