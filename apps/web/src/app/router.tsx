import type { ModuleRouteName } from '@gdf/domain';
import type { ComponentType } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ROUTES, hrefInContext, type RouteName } from '@/lib/routes';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';
import { NavigationFocus } from './shell/focus-heading';

/**
 * Every page is its own chunk (route `lazy`), so the first load only carries the shell
 * and the page asked for (R-PERF-06: dashboard <= 250 KB gzipped).
 */
function page(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

/**
 * A module's page behind its route guard (RequireModule): typed by URL, it opens only
 * when the module's card would. 'section' for child pages of a layout.
 */
function guardedPage(
  route: ModuleRouteName,
  load: () => Promise<ComponentType>,
  variant: 'page' | 'section' = 'page',
): Pick<RouteObject, 'lazy'> {
  return page(async () => {
    const [Page, { RequireModule }] = await Promise.all([load(), import('./RequireModule')]);
    return function GuardedPage() {
      return (
        <RequireModule route={route} variant={variant}>
          <Page />
        </RequireModule>
      );
    };
  });
}

function fluxFinanciersPage(route: ModuleRouteName, backTo: RouteName) {
  return guardedPage(route, async () => {
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
    Component: NavigationFocus,
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
            ...guardedPage(
              'gestion_des_finances__parametrage_plan_comptable',
              async () => (await import('./pages/PlanComptablePage')).PlanComptablePage,
            ),
          },
          {
            path: ROUTES.gestion_des_finances__etats_statistiques,
            ...guardedPage(
              'gestion_des_finances__etats_statistiques',
              async () => (await import('./pages/EtatsStatistiquesPage')).EtatsStatistiquesPage,
            ),
          },
          {
            path: ROUTES.gestion_des_finances__rib,
            ...guardedPage('gestion_des_finances__rib', async () => (await import('./pages/RibPage')).RibPage),
          },
          {
            path: ROUTES.gestion_des_finances__recapitulatif,
            ...guardedPage(
              'gestion_des_finances__recapitulatif',
              async () => (await import('./pages/RecapitulatifPage')).RecapitulatifPage,
            ),
          },
          {
            path: ROUTES.gestion_des_finances__creation_factures,
            ...guardedPage(
              'gestion_des_finances__creation_factures',
              async () => (await import('@/features/creation-factures')).CreationFacturesPage,
            ),
          },
          {
            path: ROUTES.flux_financiers__gestion_des_finances,
            ...fluxFinanciersPage('flux_financiers__gestion_des_finances', 'gestion_des_finances__dashboard'),
          },
          {
            path: ROUTES.flux_financiers__gestion_comptabilite,
            ...fluxFinanciersPage('flux_financiers__gestion_comptabilite', 'gestion_comptabilite__dashboard'),
          },
          {
            path: ROUTES.flux_impayes,
            ...guardedPage('flux_financiers__gestion_des_finances', async () => {
              const { ImpayesPage } = await import('@/features/impayes');
              const { MailDocumentDialogButton, useMaySend, mailMessages } = await import('@/features/mail');
              return function ImpayesRoute() {
                const location = useLocation();
                // Back to the flux search it was opened from (either dashboard's), with its filters.
                const from = (location.state as { from?: unknown } | null)?.from;
                const backHref =
                  typeof from === 'string' && from.startsWith('/')
                    ? from
                    : hrefInContext(location.search, 'flux_financiers__gestion_des_finances');
                const maySend = useMaySend().relance;
                // R-MAIL-04: each last letter's e-mail sending and delivery log, from its row.
                return (
                  <ImpayesPage
                    backHref={backHref}
                    lastReminderAction={(letter) => (
                      <MailDocumentDialogButton
                        document={{ type: 'relance', id: letter.id }}
                        label={`${mailMessages.documentTypes.relance} n° ${letter.id}`}
                        canSend={maySend}
                      />
                    )}
                  />
                );
              };
            }),
          },
          {
            path: ROUTES.structure_situation,
            ...guardedPage(
              'flux_financiers__gestion_des_finances',
              async () => (await import('./pages/StructureSituationPage')).StructureSituationPage,
            ),
          },
          { path: ROUTES.flux_facture, ...page(async () => (await import('./pages/FluxFacturePage')).FluxFacturePage) },
          // Every signed-in user's own jobs: no module guards them (R-JOB-03).
          { path: ROUTES.mes_traitements, ...page(async () => (await import('@/features/jobs')).MyJobsPage) },
          { path: ROUTES.flux_releve, ...page(async () => (await import('@/features/documents')).FluxRelevePage) },
          {
            path: ROUTES.gestion_comptabilite__dashboard,
            ...page(async () => (await import('./pages/ComptabiliteDashboardPage')).ComptabiliteDashboardPage),
          },
          {
            ...page(async () => (await import('./pages/parametrages/ParametragesLayout')).ParametragesLayout),
            children: [
              {
                path: ROUTES.parametrages_comptables__plan_comptable,
                ...guardedPage(
                  'parametrages_comptables__plan_comptable',
                  async () => (await import('./pages/parametrages/ParamPlanComptablePage')).ParamPlanComptablePage,
                  'section',
                ),
              },
              {
                path: ROUTES.parametrages_comptables__type_facturation,
                ...guardedPage(
                  'parametrages_comptables__type_facturation',
                  async () => (await import('./pages/parametrages/ParamTypeFacturationPage')).ParamTypeFacturationPage,
                  'section',
                ),
              },
              {
                path: ROUTES.parametrages_comptables__plan_analytique,
                ...guardedPage(
                  'parametrages_comptables__plan_analytique',
                  async () => (await import('./pages/parametrages/ParamPlanAnalytiquePage')).ParamPlanAnalytiquePage,
                  'section',
                ),
              },
              {
                path: ROUTES.parametrages_comptables__flux_financier,
                ...guardedPage(
                  'parametrages_comptables__flux_financier',
                  async () => (await import('./pages/parametrages/ParamFluxFinancierPage')).ParamFluxFinancierPage,
                  'section',
                ),
              },
            ],
          },
          {
            ...page(async () => (await import('./pages/export/ExportLayout')).ExportLayout),
            children: [
              {
                path: ROUTES.export__sepa,
                ...guardedPage(
                  'export__sepa',
                  async () => (await import('./pages/export/ExportSepaPage')).ExportSepaPage,
                  'section',
                ),
              },
              {
                path: ROUTES.export__sage,
                ...guardedPage(
                  'export__sage',
                  async () => (await import('./pages/export/ExportSagePage')).ExportSagePage,
                  'section',
                ),
              },
            ],
          },
        ],
      },
      { path: '*', ...page(async () => (await import('./pages/NotFoundPage')).NotFoundPage) },
    ],
  },
];
