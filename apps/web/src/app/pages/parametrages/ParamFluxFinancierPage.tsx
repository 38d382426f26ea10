import { SubPage } from '@/components/SubPage';
import { pageTitles } from '../../messages';

export function ParamFluxFinancierPage() {
  return <SubPage title={pageTitles.paramFluxFinancier} />;
}
