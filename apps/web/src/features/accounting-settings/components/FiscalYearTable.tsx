import type { FiscalYearView } from '@gdf/domain';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { visuallyHidden } from '@/components/visually-hidden';
import { formatDate, formatDateTime, formatInteger } from '@/lib/format';
import { accountingSettingsMessages as m } from '../messages';
import type { FiscalYearAction } from './FiscalYearActionDialog';
import { hasEnded, newestFirst } from './fiscal-year';

/** The structure's fiscal years, newest first, each with its validations on demand. */
export function FiscalYearTable({
  years,
  canValidate,
  today,
  onAction,
}: {
  years: readonly FiscalYearView[];
  /** peutValider: the server lets this user validate and close. */
  canValidate: boolean;
  today: string;
  onAction: (action: FiscalYearAction) => void;
}) {
  const columns = canValidate ? 7 : 6;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={m.fiscalYearsLabel}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" sx={{ position: 'relative' }}>
              <Box component="span" sx={visuallyHidden}>
                {m.validationsColumn}
              </Box>
            </TableCell>
            <TableCell>{m.exercice}</TableCell>
            <TableCell>{m.debut}</TableCell>
            <TableCell>{m.fin}</TableCell>
            <TableCell>{m.statut}</TableCell>
            <TableCell>{m.valideJusquau}</TableCell>
            {canValidate && <TableCell>{m.actions}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {years.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns}>{m.noFiscalYear}</TableCell>
            </TableRow>
          )}
          {newestFirst(years).map((year) => (
            <FiscalYearRow
              key={year.id}
              year={year}
              columns={columns}
              canValidate={canValidate}
              today={today}
              onAction={onAction}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function FiscalYearRow({
  year,
  columns,
  canValidate,
  today,
  onAction,
}: {
  year: FiscalYearView;
  columns: number;
  canValidate: boolean;
  today: string;
  onAction: (action: FiscalYearAction) => void;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const closed = year.statut === 'cloture';
  return (
    <>
      <TableRow sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={m.showValidations(year.libelle)}
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell>{year.libelle}</TableCell>
        <TableCell>{formatDate(year.debut)}</TableCell>
        <TableCell>{formatDate(year.fin)}</TableCell>
        <TableCell>
          <Chip
            size="small"
            color={closed ? 'default' : 'success'}
            variant={closed ? 'filled' : 'outlined'}
            label={closed ? m.statutCloture : m.statutOuvert}
            title={closed && year.dateCloture ? m.clotureLe(formatDateTime(year.dateCloture)) : undefined}
          />
        </TableCell>
        <TableCell>{year.valideJusquau ? formatDate(year.valideJusquau) : m.aucun}</TableCell>
        {canValidate && (
          <TableCell>
            {!closed && (
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  aria-label={m.validateLabel(year.libelle)}
                  onClick={() => onAction({ kind: 'validation', year })}
                >
                  {m.validate}
                </Button>
                {hasEnded(year, today) && (
                  <Button
                    size="small"
                    color="warning"
                    aria-label={m.closeYearLabel(year.libelle)}
                    onClick={() => onAction({ kind: 'cloture', year })}
                  >
                    {m.closeYear}
                  </Button>
                )}
              </Stack>
            )}
          </TableCell>
        )}
      </TableRow>
      <TableRow>
        <TableCell colSpan={columns} sx={{ py: 0 }}>
          <Collapse in={open} unmountOnExit id={detailsId}>
            <ValidationList year={year} />
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

function ValidationList({ year }: { year: FiscalYearView }) {
  if (year.validations.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {m.noValidation}
      </Typography>
    );
  return (
    <Table size="small" aria-label={m.validationsLabel(year.libelle)} sx={{ my: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>{m.validationUntil}</TableCell>
          <TableCell>{m.validationDate}</TableCell>
          <TableCell>{m.validationUser}</TableCell>
          <TableCell align="right">{m.validationCount}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {year.validations.map((v) => (
          <TableRow key={v.id}>
            <TableCell>{formatDate(v.jusquau)}</TableCell>
            <TableCell>{formatDateTime(v.date)}</TableCell>
            <TableCell>{v.utilisateur || m.aucun}</TableCell>
            <TableCell align="right">{formatInteger(v.nbEcritures)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
