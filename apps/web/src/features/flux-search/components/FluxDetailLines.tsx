import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { creditCell, debitCell } from '@gdf/domain';
import { LabelledValues } from '@/components/LabelledValues';
import { formatAmount, formatDateTime } from '@/lib/format';
import type { FluxDetail, FluxDetailLine } from '../api/get-flux-detail';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { fluxSearchMessages as m } from '../messages';

const HEADERS = [
  m.columns.id,
  m.columns.createdAt,
  m.columns.label,
  m.columns.unitPrice,
  m.columns.quantity,
  m.columns.debit,
  m.columns.credit,
];
/** Index of the first numeric column (PU). */
const NUMERIC_FROM = 3;

/**
 * R-SEARCH-09, "Detail modal columns": N° de flux, Date création, Libellé, PU, Quantité,
 * Débit, Crédit. A phone lists each line with the same labels; a narrow window scrolls the
 * table sideways inside the modal.
 */
export function FluxDetailLines({ flux }: { flux: FluxDetail }) {
  const phone = usePhoneLayout();
  if (flux.MKP_FluxFinancierDetail.length === 0) return <Typography>{m.noDetail}</Typography>;
  if (phone) return <DetailLineList flux={flux} />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <DetailLineTable flux={flux} />
    </Box>
  );
}

function DetailLineTable({ flux }: { flux: FluxDetail }) {
  return (
    <Table size="small" aria-label={m.detailLinesLabel}>
      <TableHead>
        <TableRow>
          {HEADERS.map((header) => (
            <TableCell key={header} sx={{ fontWeight: 600 }}>
              {header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {flux.MKP_FluxFinancierDetail.map((line) => (
          <TableRow key={line.id}>
            {lineValues(flux, line).map((value, index) => (
              // PU, Quantité, Débit, Crédit: right-aligned, amounts on one line.
              <TableCell
                key={HEADERS[index]}
                align={index >= NUMERIC_FROM ? 'right' : 'left'}
                sx={index >= NUMERIC_FROM ? { whiteSpace: 'nowrap' } : undefined}
              >
                {value}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The same seven values per line, label beside value (HEADERS' order). */
function lineValues(flux: FluxDetail, line: FluxDetailLine): string[] {
  return [
    String(flux.id),
    formatDateTime(line.Z_DateCreation),
    line.NomFluxFinancierDetail,
    formatAmount(line.PrixUnitaire),
    String(line.Quantite),
    debitCell(line, formatAmount),
    creditCell(line, formatAmount),
  ];
}

function DetailLineList({ flux }: { flux: FluxDetail }) {
  return (
    <Box component="ul" aria-label={m.detailLinesLabel} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {flux.MKP_FluxFinancierDetail.map((line) => (
        <Box component="li" key={line.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <LabelledValues
            items={lineValues(flux, line).map((value, index) => ({
              key: HEADERS[index] ?? String(index),
              label: HEADERS[index],
              value,
            }))}
            sx={{ rowGap: 0 }}
          />
        </Box>
      ))}
    </Box>
  );
}
