import { SubPage } from '@/components/SubPage';
import { UnderDevelopment } from '@/components/UnderDevelopment';
import { SepaDirectDebitSection } from '@/features/sepa-export';
import { pageTitles } from '../../messages';

/** SEPA child: the direct-debit files (issue 9); 'Générer les virements SEPA' stays SPEC.md's placeholder (screen 3). */
export function ExportSepaPage() {
  return (
    <>
      <SepaDirectDebitSection />
      <SubPage title={pageTitles.exportSepa}>
        <UnderDevelopment />
      </SubPage>
    </>
  );
}
