import { SubPage } from '@/components/SubPage';
import { pageTitles } from '../../messages';

export function ParamPlanComptablePage() {
  return <SubPage title={pageTitles.paramPlanComptable} />;
}
