import type { LoginRequest, LoginResponse } from '@gdf/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { setToken } from '@/lib/auth-token';

/** POST /api/auth/login. Sent without a token: a 401 here means wrong credentials. */
function login(credentials: LoginRequest): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/api/auth/login', { method: 'POST', body: credentials, authenticated: false });
}

/** Logs in and stores the token, so the next protected page finds the session. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token }) => setToken(token),
  });
}
