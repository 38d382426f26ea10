import { SubPage } from '@/components/SubPage';
import { FluxFinancierSettings } from '@/features/accounting-settings';
import { pageTitles } from '../../messages';

export function ParamFluxFinancierPage() {
  return (
    <SubPage title={pageTitles.paramFluxFinancier}>
      <FluxFinancierSettings />
    </SubPage>
  );
}
