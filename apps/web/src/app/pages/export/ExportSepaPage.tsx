import { PAYOUT_WRITE, SEPA_WRITE } from '@gdf/domain';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { SubPage } from '@/components/SubPage';
import { UnderDevelopment } from '@/components/UnderDevelopment';
import { BankStatementsSection } from '@/features/bank-statements';
import { SepaDirectDebitSection, SepaReturnImport } from '@/features/finance-files';
import { PayoutsSection } from '@/features/payouts';
import { useSession } from '@/lib/session';
import { pageTitles, sepaTabMessages } from '../../messages';

const TAB_KEY = 'onglet';
const TABS = ['prelevements', 'retours', 'releves'] as const;
type SepaTab = (typeof TABS)[number];

const tabId = (tab: SepaTab) => `sepa-onglet-${tab}`;
const panelId = (tab: SepaTab) => `sepa-panneau-${tab}`;

/**
 * SEPA child (the sidebar keeps its two entries, R-UI-07): tabs for the direct-debit files
 * (R-SEPA-01), the bank's returns (R-RET-01, SEPA write grant) and the bank statements with
 * their reconciliation (R-BANK-07). The tab is in the URL (?onglet=), so reload and back keep
 * it. Below, 'Générer les virements SEPA' (R-SEPA-09): the payout module for the holders of its
 * write grant (R-PAY-08), the specification's placeholder for everyone else.
 */
export function ExportSepaPage() {
  const { me, grants } = useSession();
  const [params, setParams] = useSearchParams();
  const mayPay = me.isSuperAdmin || grants.includes(PAYOUT_WRITE);
  const tabs = TABS.filter((tab) => tab !== 'retours' || me.isSuperAdmin || grants.includes(SEPA_WRITE));
  const asked = params.get(TAB_KEY) as SepaTab | null;
  const current: SepaTab = asked && tabs.includes(asked) ? asked : 'prelevements';
  const choose = (tab: SepaTab) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (tab === 'prelevements') next.delete(TAB_KEY);
      else next.set(TAB_KEY, tab);
      // A statement chosen in 'Relevés bancaires' belongs to that tab.
      if (tab !== 'releves') next.delete('releve');
      return next;
    });
  const panels: Record<SepaTab, () => ReactNode> = {
    prelevements: () => <SepaDirectDebitSection />,
    retours: () => <SepaReturnImport />,
    releves: () => <BankStatementsSection />,
  };

  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current}
          onChange={(_event, tab: SepaTab) => choose(tab)}
          aria-label={sepaTabMessages.label}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              label={sepaTabMessages[tab]}
              id={tabId(tab)}
              aria-controls={tab === current ? panelId(tab) : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <div role="tabpanel" id={panelId(current)} aria-labelledby={tabId(current)}>
        {panels[current]()}
      </div>
      <SubPage title={pageTitles.exportSepa}>{mayPay ? <PayoutsSection /> : <UnderDevelopment />}</SubPage>
    </>
  );
}
