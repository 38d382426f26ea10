import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { exportMessages } from '../messages';

interface ExportProgressProps {
  /** 0 to 100, or null while the rows are being fetched (indeterminate bar). */
  percent: number | null;
  onCancel: () => void;
}

/** Progress of a running export with its percentage and a cancel button. */
export function ExportProgress({ percent, onCancel }: ExportProgressProps) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 240 }} role="status">
      <LinearProgress
        sx={{ flex: 1, minWidth: 100 }}
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        aria-label={exportMessages.progressLabel}
      />
      <Typography variant="body2" sx={{ minWidth: 48, textAlign: 'right' }}>
        {percent === null ? exportMessages.preparing : exportMessages.progress(percent)}
      </Typography>
      <Button size="small" onClick={onCancel}>
        {exportMessages.cancel}
      </Button>
    </Box>
  );
}
