import { loginRequestSchema } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { contractResolver } from '@/lib/forms';
import { useLoginMutation } from '../api/login';
import { authMessages } from '../messages';

/** 401 carries the server's French reason; 4xx other messages are shown too; the rest is an outage. */
function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return error.serverMessage ?? authMessages.invalidCredentials;
    if (error.status < 500 && error.serverMessage) return error.serverMessage;
  }
  return authMessages.unavailable;
}

/** Email and password; on success the token is stored and the page reacts to it. */
export function LoginForm() {
  const loginMutation = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm({
    resolver: contractResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { ref: emailRef, ...emailField } = register('email');
  const { ref: passwordRef, ...passwordField } = register('password');
  const hasFieldErrors = Boolean(errors.email || errors.password);

  const onSubmit = handleSubmit((credentials) => loginMutation.mutate(credentials));

  return (
    // noValidate: the zod messages replace the browser's own bubbles.
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label={authMessages.title}>
      {submitCount > 0 && hasFieldErrors && <Alert severity="warning">{authMessages.formInvalid}</Alert>}
      {loginMutation.isError && !hasFieldErrors && (
        <Alert severity="error">{loginErrorMessage(loginMutation.error)}</Alert>
      )}
      <TextField
        {...emailField}
        inputRef={emailRef}
        label={authMessages.email}
        type="email"
        autoComplete="username"
        autoFocus
        required
        fullWidth
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
      <TextField
        {...passwordField}
        inputRef={passwordRef}
        label={authMessages.password}
        type="password"
        autoComplete="current-password"
        required
        fullWidth
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <Typography variant="caption" color="text.secondary">
        {authMessages.requiredHint}
      </Typography>
      <Button type="submit" variant="contained" size="large" fullWidth loading={loginMutation.isPending}>
        {authMessages.submit}
      </Button>
    </Stack>
  );
}
