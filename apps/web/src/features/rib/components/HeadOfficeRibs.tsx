import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { HEAD_OFFICE_STRUCTURE_ID } from '@gdf/domain';
import { CenteredProgress } from '@/components/CenteredProgress';
import { useStructureRibs } from '../api/get-structure-ribs';
import { ribMessages } from '../messages';
import { formatIban } from '../utils/format-iban';
import { RibValidity } from './RibValidity';

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
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={ribMessages.tableLabel}>
          <TableHead>
            <TableRow>
              <TableCell>{ribMessages.holder}</TableCell>
              <TableCell>{ribMessages.bank}</TableCell>
              <TableCell>{ribMessages.iban}</TableCell>
              <TableCell>{ribMessages.bic}</TableCell>
              <TableCell>{ribMessages.mandate}</TableCell>
              <TableCell>{ribMessages.validity}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ribs.data.map((rib) => (
              <TableRow key={rib.id}>
                <TableCell>{rib.Titulaire}</TableCell>
                <TableCell>{rib.Banque ?? ribMessages.none}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{formatIban(rib.IBAN)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{rib.BIC ?? ribMessages.none}</TableCell>
                <TableCell>{rib.MandatRUM ?? ribMessages.none}</TableCell>
                <TableCell>
                  <RibValidity rib={rib} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
