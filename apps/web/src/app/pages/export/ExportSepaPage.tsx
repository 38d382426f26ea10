import { SubPage } from '@/components/SubPage';
import { UnderDevelopment } from '@/components/UnderDevelopment';
import { pageTitles } from '../../messages';

/** SPEC.md screen 3: 'Générer les virements SEPA' is a placeholder. */
export function ExportSepaPage() {
  return (
    <SubPage title={pageTitles.exportSepa}>
      <UnderDevelopment />
    </SubPage>
  );
}
