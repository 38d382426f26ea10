import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { PageLayout } from '@/components/PageLayout';
import { useCurrentStructure } from '@/lib/session';
import { fetchTarifs } from '../api/invoicing-api';
import { useMayWriteInvoices } from '../hooks/use-may-write-invoices';
import { creationFacturesMessages as m } from '../messages';
import { AvoirForm } from './AvoirForm';
import { BulkInvoicing } from './BulkInvoicing';
import { DraftsTab } from './DraftsTab';
import { useDrafts } from '../hooks/use-drafts';

/**
 * 'Création factures' (R-INV-01 to R-INV-10): drafts (made, changed, previewed as 'BROUILLON',
 * issued after a confirmation, deleted), an avoir on an issued invoice, and bulk invoicing with
 * its preview and its job's progress.
 */
export function CreationFacturesPage() {
  const { structureId } = useCurrentStructure();
  const mayWrite = useMayWriteInvoices();
  const [tab, setTab] = useState<'drafts' | 'avoir' | 'bulk'>('drafts');
  // Kept here: the drafts tab finds its editor and notice again after a visit to another tab.
  const drafts = useDrafts(structureId);
  const tarifs = useQuery({
    queryKey: ['creation-factures', 'tarifs', structureId],
    queryFn: ({ signal }) => fetchTarifs(structureId, signal),
  });
  const tarifList = tarifs.data?.tarifs ?? [];

  return (
    <PageLayout title={m.title} backTo="gestion_des_finances__dashboard">
      <Tabs value={tab} onChange={(_, next: typeof tab) => setTab(next)} sx={{ mb: 2 }}>
        <Tab value="drafts" label={m.tabs.drafts} />
        {mayWrite && <Tab value="avoir" label={m.tabs.avoir} />}
        <Tab value="bulk" label={m.tabs.bulk} />
      </Tabs>
      {!mayWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {m.readOnly}
        </Alert>
      )}
      {tarifs.isError && (
        <ErrorAlert sx={{ mb: 2 }} error={tarifs.error} onRetry={() => void tarifs.refetch()}>
          {m.tarifsError}
        </ErrorAlert>
      )}
      {tab === 'drafts' && (
        <DraftsTab structureId={structureId} mayWrite={mayWrite} tarifs={tarifList} state={drafts} />
      )}
      {tab === 'avoir' && mayWrite && <AvoirForm structureId={structureId} />}
      {tab === 'bulk' && <BulkInvoicing structureId={structureId} tarifs={tarifList} mayWrite={mayWrite} />}
    </PageLayout>
  );
}
