import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { frenchMonth } from '@gdf/domain';
import { useMemo, useState } from 'react';
import { ConfirmButton } from '@/components/ConfirmButton';
import { formErrorText } from '@/lib/api-client';
import { pastMonths } from '../hooks/past-months';
import { useIssueRecap } from '../hooks/use-recaps';
import { monthlyRecapMessages as m } from '../messages';

/** 'Émettre le récapitulatif' of a month already over, once confirmed (the write grant's holders). */
export function IssueRecapForm({ structureId }: { structureId: number }) {
  const months = useMemo(() => pastMonths(new Date()), []);
  const [mois, setMois] = useState(months[0] ?? '');
  const issue = useIssueRecap(structureId);
  return (
    <Stack component="section" aria-labelledby="recap-emettre" spacing={1.5}>
      <Typography id="recap-emettre" component="h2" variant="h6">
        {m.issueTitle}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={m.issueMonth}
          value={mois}
          onChange={(event) => setMois(event.target.value)}
          sx={{ minWidth: 220 }}
        >
          {months.map((month) => (
            <MenuItem key={month} value={month}>
              {frenchMonth(month)}
            </MenuItem>
          ))}
        </TextField>
        <div>
          <ConfirmButton
            pending={issue.isPending}
            pendingLabel={m.issuePending}
            error={issue.isError ? formErrorText(issue.error, m.issueError) : null}
            buttonProps={{ variant: 'contained' }}
            title={m.issueConfirmTitle(frenchMonth(mois))}
            text={m.issueConfirmText}
            cancelLabel={m.issueCancel}
            confirmLabel={m.issueConfirm}
            onConfirm={() => issue.mutate(mois)}
          >
            {m.issueButton}
          </ConfirmButton>
        </div>
      </Stack>
      {issue.isSuccess && (
        <Alert severity="success" role="status">
          {m.issued(issue.data.numero, frenchMonth(issue.data.mois))}
        </Alert>
      )}
    </Stack>
  );
}
