import { SubPage } from '@/components/SubPage';
import { UnderDevelopment } from '@/components/UnderDevelopment';
import { SepaDirectDebitSection, SepaReturnImport } from '@/features/sepa-export';
import { pageTitles } from '../../messages';

/** SEPA child: the direct-debit files (issue 9) and the bank's returns (issue 17); 'Générer les virements SEPA' stays SPEC.md's placeholder (screen 3). */
export function ExportSepaPage() {
  return (
    <>
      <SepaDirectDebitSection />
      <SepaReturnImport />
      <SubPage title={pageTitles.exportSepa}>
        <UnderDevelopment />
      </SubPage>
    </>
  );
}
