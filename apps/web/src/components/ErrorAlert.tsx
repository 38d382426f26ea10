import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { componentMessages } from './messages';

/** An error the user can recover from: the message and, when given, a 'Réessayer' action. */
export function ErrorAlert({
  children,
  onRetry,
  sx,
}: {
  children: ReactNode;
  onRetry?: () => void;
  sx?: AlertProps['sx'];
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {componentMessages.retry}
          </Button>
        )
      }
    >
      {children}
    </Alert>
  );
}
