import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { componentMessages } from './messages';
import { isRefusal } from './refusal';

/**
 * An error: the message and, when given, a 'Réessayer' action, left out when `error` is the
 * server's refusal (R-UI-18: asking again would get the same answer).
 */
export function ErrorAlert({
  children,
  onRetry,
  error,
  sx,
}: {
  children: ReactNode;
  onRetry?: () => void;
  /** What failed, when known: a refusal gets no 'Réessayer'. */
  error?: unknown;
  sx?: AlertProps['sx'];
}) {
  const retry = isRefusal(error) ? undefined : onRetry;
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        retry && (
          <Button color="inherit" size="small" onClick={retry}>
            {componentMessages.retry}
          </Button>
        )
      }
    >
      {children}
    </Alert>
  );
}
