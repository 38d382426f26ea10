import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useExport, type ExportRequest } from '../hooks/use-export';
import { exportMessages } from '../messages';
import type { ExportWorkerLike } from '../worker/export-protocol';
import { ExportProgress } from './ExportProgress';

export interface ExportButtonProps extends ExportRequest {
  /** Button content; `label` is the plain-text alternative; default 'Exporter'. */
  children?: ReactNode;
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  disabled?: boolean;
  /** Tests inject a worker; the default is the module Web Worker (main-thread fallback without Worker). */
  createWorker?: () => ExportWorkerLike;
}

/**
 * The generic export button (R-EXP-01 to R-EXP-13): same options
 * and defaults as the original (type 'xls', name 'data.xls', worksheet 'Sheet1', escapeCsv
 * true, stringifyLongNum false), plus 'xlsx'. The file is generated in a Web Worker with a
 * progress bar and 'Annuler'; with no rows nothing happens.
 */
export function ExportButton({
  children,
  label = exportMessages.label,
  variant = 'outlined',
  size,
  disabled,
  createWorker,
  ...request
}: ExportButtonProps) {
  const { state, start, cancel } = useExport(createWorker);
  const running = state.status === 'running';

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button
        variant={variant}
        size={size}
        startIcon={<FileDownloadIcon />}
        disabled={disabled || running}
        onClick={() => void start(request)}
      >
        {children ?? label}
      </Button>
      {running && <ExportProgress percent={state.percent} onCancel={cancel} />}
      {state.status === 'error' && (
        <Alert severity="error" sx={{ py: 0 }}>
          {exportMessages.error}
        </Alert>
      )}
    </Box>
  );
}
