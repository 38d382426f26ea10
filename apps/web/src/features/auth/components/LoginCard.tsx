import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getLastClearReason } from '@/lib/auth-token';
import { authMessages } from '../messages';
import { LoginForm } from './LoginForm';

/** The login box: product name, title and form, centred by the page. */
export function LoginCard() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 420 }}>
      <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar sx={{ bgcolor: 'primary.main' }}>
          <LockOutlined />
        </Avatar>
        <Typography variant="overline" color="text.secondary">
          {authMessages.subtitle}
        </Typography>
        <Typography component="h1" variant="h5">
          {authMessages.title}
        </Typography>
      </Stack>
      {getLastClearReason() === 'expired' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {authMessages.sessionExpired}
        </Alert>
      )}
      <LoginForm />
    </Paper>
  );
}
