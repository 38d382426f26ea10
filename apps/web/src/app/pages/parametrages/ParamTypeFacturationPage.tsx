import { SubPage } from '@/components/SubPage';
import { TypeFacturationSettings } from '@/features/accounting-settings';
import { pageTitles } from '../../messages';

export function ParamTypeFacturationPage() {
  return (
    <SubPage title={pageTitles.paramTypeFacturation}>
      <TypeFacturationSettings />
    </SubPage>
  );
}
