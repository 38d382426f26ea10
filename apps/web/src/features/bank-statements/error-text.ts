import { ApiError } from '@/lib/api-client';
import { bankStatementMessages } from './messages';

/** The server's French message when it sent one (422, 400, 413, 403, 409...), else `fallback`. */
export const bankErrorText = (error: unknown, fallback: string = bankStatementMessages.genericError) =>
  (error instanceof ApiError && error.serverMessage) || fallback;
