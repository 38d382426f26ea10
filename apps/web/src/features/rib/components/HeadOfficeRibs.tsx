import Alert from '@mui/material/Alert';
import { HEAD_OFFICE_STRUCTURE_ID } from '@gdf/domain';
import { CenteredProgress } from '@/components/CenteredProgress';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { useStructureRibs, type StructureRib } from '../api/get-structure-ribs';
import { ribMessages } from '../messages';
import { formatIban } from '../utils/format-iban';
import { RibValidity } from './RibValidity';

const columns: DataColumn<StructureRib>[] = [
  { id: 'holder', header: ribMessages.holder, cell: (rib) => rib.Titulaire },
  { id: 'bank', header: ribMessages.bank, cell: (rib) => rib.Banque ?? ribMessages.none },
  {
    id: 'iban',
    header: ribMessages.iban,
    cell: (rib) => formatIban(rib.IBAN),
    sx: { fontFamily: 'monospace', whiteSpace: 'nowrap' },
  },
  { id: 'bic', header: ribMessages.bic, cell: (rib) => rib.BIC ?? ribMessages.none, sx: { fontFamily: 'monospace' } },
  { id: 'mandate', header: ribMessages.mandate, cell: (rib) => rib.MandatRUM ?? ribMessages.none },
  { id: 'validity', header: ribMessages.validity, cell: (rib) => <RibValidity rib={rib} /> },
];

/** The national head office's bank accounts (R-PERM-11: structure 1318). */
export function HeadOfficeRibs() {
  const ribs = useStructureRibs(HEAD_OFFICE_STRUCTURE_ID);

  if (ribs.isPending) return <CenteredProgress label={ribMessages.loading} />;
  // R-API-02: an API failure is silently ignored, with no message.
  if (ribs.isError || ribs.data === null) return null;
  if (ribs.data.length === 0) return <Alert severity="info">{ribMessages.empty}</Alert>;

  return (
    <>
      {ribs.data.some((rib) => rib.IBANMasque) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {ribMessages.masked}
        </Alert>
      )}
      <DataTable
        label={ribMessages.tableLabel}
        size="medium"
        columns={columns}
        rows={ribs.data}
        rowKey={(rib) => rib.id}
      />
    </>
  );
}
