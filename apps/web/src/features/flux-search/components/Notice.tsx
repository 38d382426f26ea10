import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export interface NoticeState {
  message: string;
  severity: 'success' | 'error';
}

/** The snackbar of the page (relaunch result, download failure). */
export function Notice({ notice, onClose }: { notice: NoticeState | null; onClose: () => void }) {
  return (
    <Snackbar
      open={notice !== null}
      autoHideDuration={6000}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {notice ? (
        <Alert severity={notice.severity} variant="filled" onClose={onClose}>
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
