import type { FiscalYearView } from '@gdf/domain';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { formatDate, formatDateTime, formatInteger } from '@/lib/format';
import { accountingSettingsMessages as m } from '../messages';
import type { FiscalYearAction } from './FiscalYearActionDialog';
import { hasEnded, newestFirst } from './fiscal-year';

interface Expansion {
  isOpen: (year: FiscalYearView) => boolean;
  toggle: (year: FiscalYearView) => void;
  detailsId: (year: FiscalYearView) => string;
}

function YearStatus({ year }: { year: FiscalYearView }) {
  const closed = year.statut === 'cloture';
  return (
    <Chip
      size="small"
      color={closed ? 'default' : 'success'}
      variant={closed ? 'filled' : 'outlined'}
      label={closed ? m.statutCloture : m.statutOuvert}
      title={closed && year.dateCloture ? m.clotureLe(formatDateTime(year.dateCloture)) : undefined}
    />
  );
}

function YearActions({
  year,
  today,
  onAction,
}: {
  year: FiscalYearView;
  today: string;
  onAction: (action: FiscalYearAction) => void;
}) {
  if (year.statut === 'cloture') return null;
  return (
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
  );
}

const yearColumns = (
  expansion: Expansion,
  actions: { today: string; onAction: (action: FiscalYearAction) => void } | false,
): Array<DataColumn<FiscalYearView> | false> => [
  {
    id: 'validations',
    header: m.validationsColumn,
    headerHidden: true,
    padding: 'checkbox',
    cell: (year) => (
      <IconButton
        size="small"
        aria-label={m.showValidations(year.libelle)}
        aria-expanded={expansion.isOpen(year)}
        aria-controls={expansion.detailsId(year)}
        onClick={() => expansion.toggle(year)}
      >
        {expansion.isOpen(year) ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
      </IconButton>
    ),
  },
  { id: 'exercice', header: m.exercice, cell: (year) => year.libelle },
  { id: 'debut', header: m.debut, cell: (year) => formatDate(year.debut) },
  { id: 'fin', header: m.fin, cell: (year) => formatDate(year.fin) },
  { id: 'statut', header: m.statut, cell: (year) => <YearStatus year={year} /> },
  {
    id: 'valide',
    header: m.valideJusquau,
    cell: (year) => (year.valideJusquau ? formatDate(year.valideJusquau) : m.aucun),
  },
  actions && {
    id: 'actions',
    header: m.actions,
    cell: (year) => <YearActions year={year} today={actions.today} onAction={actions.onAction} />,
  },
];

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
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const baseId = useId();
  const expansion: Expansion = {
    isOpen: (year) => open.has(year.id),
    toggle: (year) =>
      setOpen((shown) => {
        const next = new Set(shown);
        if (!next.delete(year.id)) next.add(year.id);
        return next;
      }),
    detailsId: (year) => `${baseId}-${year.id}`,
  };
  return (
    <DataTable
      label={m.fiscalYearsLabel}
      columns={yearColumns(expansion, canValidate && { today, onAction })}
      rows={newestFirst(years)}
      rowKey={(year) => year.id}
      empty={m.noFiscalYear}
      rowProps={(year) => ({ sx: { '& > td': { borderBottom: open.has(year.id) ? 'unset' : undefined } } })}
      rowDetail={(year, columnCount) => (
        <TableRow>
          <TableCell colSpan={columnCount} sx={{ py: 0 }}>
            <Collapse in={open.has(year.id)} unmountOnExit id={expansion.detailsId(year)}>
              <ValidationList year={year} />
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    />
  );
}

const validationColumns: DataColumn<FiscalYearView['validations'][number]>[] = [
  { id: 'until', header: m.validationUntil, cell: (v) => formatDate(v.jusquau) },
  { id: 'date', header: m.validationDate, cell: (v) => formatDateTime(v.date) },
  { id: 'user', header: m.validationUser, cell: (v) => v.utilisateur || m.aucun },
  { id: 'count', header: m.validationCount, cell: (v) => formatInteger(v.nbEcritures), align: 'right' },
];

function ValidationList({ year }: { year: FiscalYearView }) {
  if (year.validations.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {m.noValidation}
      </Typography>
    );
  return (
    <DataTable
      label={m.validationsLabel(year.libelle)}
      container="none"
      tableSx={{ my: 1 }}
      columns={validationColumns}
      rows={year.validations}
      rowKey={(v) => v.id}
    />
  );
}
