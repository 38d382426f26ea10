import { SubPage } from '@/components/SubPage';
import { SageExportPanel } from '@/features/finance-files';
import { pageTitles } from '../../messages';

export function ExportSagePage() {
  return (
    <SubPage title={pageTitles.exportSage}>
      <SageExportPanel />
    </SubPage>
  );
}
