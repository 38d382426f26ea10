import { SubPage } from '@/components/SubPage';
import { PlanAnalytiqueSettings } from '@/features/accounting-settings';
import { pageTitles } from '../../messages';

export function ParamPlanAnalytiquePage() {
  return (
    <SubPage title={pageTitles.paramPlanAnalytique}>
      <PlanAnalytiqueSettings />
    </SubPage>
  );
}
