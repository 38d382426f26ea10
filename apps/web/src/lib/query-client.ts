import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Client errors (400, 401, 403, 404) will not change on retry; network and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        // Back-office data changes slowly; refetching on every tab switch only adds load.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
