import { SubPage } from '@/components/SubPage';
import { PlanComptableSettings } from '@/features/accounting-settings';
import { pageTitles } from '../../messages';

export function ParamPlanComptablePage() {
  return (
    <SubPage title={pageTitles.paramPlanComptable}>
      <PlanComptableSettings />
    </SubPage>
  );
}
