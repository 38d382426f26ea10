import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { appMessages } from './messages';

/**
 * Last-resort screen when a page crashes or its chunk cannot load (typically after a new
 * deployment replaced the files): reloading fetches the current version.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {appMessages.reload}
          </Button>
        }
      >
        {GENERIC_ERROR_MESSAGE}
      </Alert>
    </Container>
  );
}
