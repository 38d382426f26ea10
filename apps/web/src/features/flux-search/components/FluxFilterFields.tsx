import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import {
  FLUX_CATEGORY_NAMES,
  FLUX_PAYMENT_STATUSES,
  FLUX_PAYMENT_STATUS_LABELS,
  isFluxPaymentStatus,
} from '@gdf/domain';
import type { ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { fluxSearchMessages as m } from '../messages';
import type { FluxFilterPanelProps } from './FluxFilterPanel';
import {
  DateFilterField,
  FIELD_SIZE,
  FluxNumberFilterField,
  SeasonFilter,
  SelectFilter,
  TextFilterField,
  type FieldProps,
  type TextFilter,
} from './filter-field-parts';

/** The id of the folded part, named by the 'Plus de filtres' button (aria-controls). */
export const MORE_FILTERS_ID = 'flux-more-filters';

interface FluxFilterFieldsProps
  extends Pick<FluxFilterPanelProps, 'seasons' | 'renderStructurePicker' | 'lockedStructureName'>, FieldProps {
  /** The rest of the filters is shown ('Plus de filtres'). */
  moreOpen: boolean;
  /** The line between the compact filters and the rest: its toggle and the chips of what is folded. */
  moreBar: ReactNode;
}

/**
 * R-UI-16: a compact line (N° de flux ou de facture, nom, libellé, saison, and the structure for
 * those who pick one), the rest folded. Each filter is its own controlled field: typing
 * re-renders that field only, not the panel nor the results.
 */
export function FluxFilterFields(props: FluxFilterFieldsProps) {
  const { control, onEdit, onEnter, seasons, renderStructurePicker, moreOpen, moreBar } = props;
  const text = (name: TextFilter, label: string) => (
    <Grid size={FIELD_SIZE}>
      <TextFilterField name={name} label={label} control={control} onEdit={onEdit} onEnter={onEnter} />
    </Grid>
  );
  return (
    <>
      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={FIELD_SIZE}>
          <FluxNumberFilterField control={control} seasons={seasons} onEdit={onEdit} onEnter={onEnter} />
        </Grid>
        {text('lastName', m.lastName)}
        {text('label', m.label)}
        <SeasonFilter control={control} onEdit={onEdit} seasons={seasons} />
        {renderStructurePicker && (
          <Grid size={FIELD_SIZE}>
            <Controller
              name="structureId"
              control={control}
              render={({ field }) => (
                <>
                  {renderStructurePicker(field.value, (structureId) => {
                    field.onChange(structureId);
                    onEdit('structureId');
                  })}
                </>
              )}
            />
          </Grid>
        )}
      </Grid>
      {moreBar}
      <Collapse in={moreOpen} id={MORE_FILTERS_ID}>
        <MoreFilterFields {...props} />
      </Collapse>
    </>
  );
}

/** What 'Plus de filtres' opens. */
function MoreFilterFields(props: FluxFilterFieldsProps) {
  const { control, onEdit, onEnter, renderStructurePicker, lockedStructureName } = props;
  // The end of a range may not precede its start: the pickers need the starts.
  const [startDate, settledFrom] = useWatch({ control, name: ['startDate', 'settledFrom'] });
  const fieldProps = { control, onEdit, onEnter };
  const text = (name: TextFilter, label: string) => (
    <Grid size={FIELD_SIZE}>
      <TextFilterField name={name} label={label} {...fieldProps} />
    </Grid>
  );
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      {!renderStructurePicker && (
        <Grid size={FIELD_SIZE}>
          <TextField fullWidth size="small" label={m.structure} value={lockedStructureName ?? ''} disabled />
        </Grid>
      )}
      {text('licence', m.licence)}
      {text('codeFederal', m.codeFederal)}
      <Controller
        name="status"
        control={control}
        render={({ field }) => (
          <SelectFilter
            label={m.status}
            value={field.value}
            allLabel={m.allStatuses}
            options={FLUX_PAYMENT_STATUSES.map((status) => [status, FLUX_PAYMENT_STATUS_LABELS[status]] as const)}
            onChange={(value) => {
              field.onChange(isFluxPaymentStatus(value) ? value : '');
              onEdit('status');
            }}
          />
        )}
      />
      <Controller
        name="category"
        control={control}
        render={({ field }) => (
          <SelectFilter
            label={m.category}
            value={field.value ?? ''}
            allLabel={m.allCategories}
            options={Object.entries(FLUX_CATEGORY_NAMES).map(([id, name]) => [Number(id), name] as const)}
            onChange={(value) => {
              field.onChange(value === '' ? null : Number(value));
              onEdit('category');
            }}
          />
        )}
      />
      {text('minAmount', m.minAmount)}
      {text('maxAmount', m.maxAmount)}
      <DateFilterField name="startDate" label={m.startDate} control={control} onEdit={onEdit} />
      <DateFilterField name="endDate" label={m.endDate} minDate={startDate} control={control} onEdit={onEdit} />
      <DateFilterField name="settledFrom" label={m.settledFrom} control={control} onEdit={onEdit} />
      <DateFilterField name="settledTo" label={m.settledTo} minDate={settledFrom} control={control} onEdit={onEdit} />
    </Grid>
  );
}
