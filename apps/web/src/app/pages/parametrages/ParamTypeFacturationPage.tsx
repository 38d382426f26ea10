import { SubPage } from '@/components/SubPage';
import { pageTitles } from '../../messages';

export function ParamTypeFacturationPage() {
  return <SubPage title={pageTitles.paramTypeFacturation} />;
}
