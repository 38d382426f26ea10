import LockOutlined from '@mui/icons-material/LockOutlined';
import Avatar from '@mui/material/Avatar';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
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
      <LoginForm />
    </Paper>
  );
}
