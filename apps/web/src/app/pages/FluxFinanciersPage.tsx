import { PageLayout } from '@/components/PageLayout';
import type { RouteName } from '@/lib/routes';
import { pageTitles } from '../messages';

/**
 * SPEC.md screen 4, reachable under both dashboards; its back button returns to the
 * dashboard of its first path segment (DESIGN.md section 4).
 */
export function FluxFinanciersPage({ backTo }: { backTo: RouteName }) {
  return <PageLayout title={pageTitles.fluxFinanciers} backTo={backTo} />;
}
