import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { LabelledValues } from '@/components/LabelledValues';
import { Fragment, useMemo, useState, type CSSProperties, type Ref } from 'react';
import type { FluxRow } from '../api/flux-row';
import { ANYONE_COLUMNS } from '../hooks/use-flux-columns';
import { cardLayout, type CardLayout } from '../columns/column-views';
import type { FluxColumn, FluxRenderer, FluxRowActions } from '../columns/flux-column-types';
import { FLUX_RENDERERS } from '../columns/flux-renderers';
import { fluxSearchMessages as m } from '../messages';

/** First guess of a card's height; 'Tous' measures each card as it is drawn (labels wrap). */
const CARD_HEIGHT = 190;

interface FluxResultsCardsProps {
  rows: readonly FluxRow[];
  /**
   * The columns the viewer sees (useFluxColumns; by default anyone's but the head office's):
   * where each shows on a card is theirs to say.
   */
  columns?: readonly FluxColumn<FluxRow>[];
  actions: FluxRowActions<FluxRow>;
  /** 'Tous': only the cards in view are in the DOM, as in the table. */
  virtual: boolean;
}

const LIST_SX = { listStyle: 'none', m: 0, p: 0 } as const;

/**
 * Phones: the results table as a list of cards, one per flux, with the same data (R-SEARCH-19,
 * R-SEARCH-08's columns, by their labels) and the same two actions, as labelled buttons.
 */
export function FluxResultsCards({ rows, columns = ANYONE_COLUMNS, actions, virtual }: FluxResultsCardsProps) {
  const layout = useMemo(() => cardLayout(columns), [columns]);
  if (virtual) return <VirtualCards rows={rows} layout={layout} actions={actions} />;
  return (
    <Box component="ul" aria-label={m.resultsLabel} sx={LIST_SX}>
      {rows.map((row) => (
        <FluxCard key={row.id} row={row} layout={layout} actions={actions} />
      ))}
    </Box>
  );
}

interface VirtualCardsProps extends Pick<FluxResultsCardsProps, 'rows' | 'actions'> {
  layout: CardLayout<FluxRow>;
}

function VirtualCards({ rows, layout, actions }: VirtualCardsProps) {
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
              layout={layout}
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
  layout: CardLayout<FluxRow>;
  actions: FluxRowActions<FluxRow>;
  ref?: Ref<HTMLLIElement>;
  /** Position among all the results, when only some cards are drawn ('Tous'). */
  index?: number;
  setSize?: number;
  style?: CSSProperties;
}

const RENDERERS: Readonly<Record<string, FluxRenderer<FluxRow>>> = FLUX_RENDERERS;

/** What a column shows on a card: its renderer's card, else its text. */
const cardValue = (column: FluxColumn<FluxRow>, row: FluxRow, actions: FluxRowActions<FluxRow>) =>
  RENDERERS[column.id]?.card?.(row, actions) ?? column.text?.(row) ?? '';

/** A line shows unless its placement's `when` says otherwise (the row's one amount). */
const shownOn = (column: FluxColumn<FluxRow>, row: FluxRow) =>
  column.card?.slot !== 'field' || !column.card.when || column.card.when(row);

function FluxCard({ row, layout, actions, ref, index, setSize, style }: FluxCardProps) {
  const lines = layout.lines.filter((column) => shownOn(column, row));
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
        {layout.title && cardValue(layout.title, row, actions)}
      </Typography>
      <LabelledValues
        items={lines.map((column) => ({ key: column.id, label: column.label, value: cardValue(column, row, actions) }))}
        sx={{ my: 1 }}
      />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {layout.buttons.map((column) => (
          <Fragment key={column.id}>{cardValue(column, row, actions)}</Fragment>
        ))}
      </Stack>
    </Box>
  );
}
