import { SubPage } from '@/components/SubPage';
import { pageTitles } from '../../messages';

export function ParamPlanAnalytiquePage() {
  return <SubPage title={pageTitles.paramPlanAnalytique} />;
}
