import { ApiError } from '@/lib/api-client';

/**
 * R-UI-18: the server's refusal (a 4xx answer: not allowed, not found, invalid), which asking
 * again cannot change; a timeout or too many requests (408, 429) may pass later.
 */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);
}

/** A refusal of access: the page shows the shared refusal, with no action that cannot work. */
export const isAccessRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 403;
