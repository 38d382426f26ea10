import ReceiptIcon from '@mui/icons-material/PictureAsPdf';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useState, type CSSProperties, type ReactNode, type Ref } from 'react';
import { creditCell, debitCell, licenceNumber, licenseeName } from '@gdf/domain';
import { formatAmount, formatDateTime } from '@/lib/format';
import type { FluxRow } from '../api/flux-row';
import { fluxSearchMessages as m } from '../messages';
import type { FluxRowActions } from './flux-columns';
import { FluxStatusBadge } from './FluxStatusBadge';
import { StructureName } from './StructureName';

/** First guess of a card's height; 'Tous' measures each card as it is drawn (labels wrap). */
const CARD_HEIGHT = 190;

interface FluxResultsCardsProps {
  rows: readonly FluxRow[];
  actions: FluxRowActions;
  /** 'Tous': only the cards in view are in the DOM, as in the table. */
  virtual: boolean;
}

const LIST_SX = { listStyle: 'none', m: 0, p: 0 } as const;

/**
 * Phones: the results table as a list of cards, one per flux, with the same data (R-SEARCH-19,
 * R-SEARCH-08's columns, by their labels) and the same two actions, as labelled buttons.
 */
export function FluxResultsCards({ rows, actions, virtual }: FluxResultsCardsProps) {
  if (virtual) return <VirtualCards rows={rows} actions={actions} />;
  return (
    <Box component="ul" aria-label={m.resultsLabel} sx={LIST_SX}>
      {rows.map((row) => (
        <FluxCard key={row.id} row={row} actions={actions} />
      ))}
    </Box>
  );
}

function VirtualCards({ rows, actions }: Omit<FluxResultsCardsProps, 'virtual'>) {
  // State rather than a ref: the virtualizer must see the element once it is attached.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => CARD_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 4,
  });
  return (
    <Box ref={setScrollElement} sx={{ maxHeight: '70dvh', overflowY: 'auto' }}>
      <Box
        component="ul"
        aria-label={m.resultsLabel}
        sx={{ ...LIST_SX, position: 'relative' }}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <FluxCard
              key={item.key}
              ref={virtualizer.measureElement}
              index={item.index}
              setSize={rows.length}
              row={row}
              actions={actions}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            />
          );
        })}
      </Box>
    </Box>
  );
}

interface FluxCardProps {
  row: FluxRow;
  actions: FluxRowActions;
  ref?: Ref<HTMLLIElement>;
  /** Position among all the results, when only some cards are drawn ('Tous'). */
  index?: number;
  setSize?: number;
  style?: CSSProperties;
}

function FluxCard({ row, actions, ref, index, setSize, style }: FluxCardProps) {
  const debit = row.EST_Debit;
  const fields: [string, ReactNode][] = [
    [m.columns.id, String(row.id)],
    [m.columns.createdAt, formatDateTime(row.Z_DateCreation)],
    [m.columns.structure, <StructureName key="structure" row={row} wrap />],
    [m.columns.licensee, licenseeName(row.UTI_Utilisateur)],
    [m.columns.licence, licenceNumber(row.UTI_Utilisateur)],
    // The row's one amount, under its column's label (the other column holds '-').
    debit ? [m.columns.debit, debitCell(row, formatAmount)] : [m.columns.credit, creditCell(row, formatAmount)],
  ];
  return (
    <Box
      component="li"
      ref={ref}
      data-index={index}
      data-flux-card=""
      aria-posinset={index === undefined ? undefined : index + 1}
      aria-setsize={setSize}
      style={style}
      sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography component="div" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {row.NomFluxFinancier}
        <FluxStatusBadge row={row} />
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 1.5,
          rowGap: 0.25,
          my: 1,
          typography: 'body2',
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {fields.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<VisibilityIcon />}
          aria-label={m.details(row.id)}
          onClick={() => actions.open(row)}
        >
          {m.openDetail}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ReceiptIcon />}
          aria-label={m.downloadJustificatifOf(row.id)}
          onClick={() => actions.downloadJustificatif(row)}
        >
          {m.columns.justificatif}
        </Button>
      </Stack>
    </Box>
  );
}
