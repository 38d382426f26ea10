import { SubPage } from '@/components/SubPage';
import { pageTitles } from '../../messages';

export function ExportSagePage() {
  return <SubPage title={pageTitles.exportSage} />;
}
