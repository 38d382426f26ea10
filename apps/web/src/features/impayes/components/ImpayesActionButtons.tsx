import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { impayesMessages as m } from '../messages';
import { downloadOverdueXlsx, type OverdueListSearch } from '../api/impayes-api';
import type { ImpayesActions } from './use-impayes-actions';

/** The selection's letters and relevés, and the export of every structure the filters keep. */
export function ImpayesActionButtons({
  actions,
  structureId,
  search,
  canExport,
}: {
  actions: ImpayesActions;
  structureId: number;
  search: OverdueListSearch;
  canExport: boolean;
}) {
  const { selected, statements } = actions;
  const rows = [...selected.values()];
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button variant="outlined" disabled={rows.length === 0} onClick={() => actions.openDialog(rows)}>
        {m.remindSelection}
      </Button>
      <Button
        variant="outlined"
        title={m.statementsHint}
        disabled={rows.length === 0}
        loading={statements.isPending}
        onClick={() => statements.mutate(rows.map((row) => row.structure.id))}
      >
        {m.statementsSelection}
      </Button>
      <Button
        variant="outlined"
        disabled={!canExport}
        onClick={() => void downloadOverdueXlsx(structureId, search).catch(actions.fail(m.exportError))}
      >
        {m.export}
      </Button>
    </Stack>
  );
}
