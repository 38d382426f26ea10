import { ApiError } from '@/lib/api-client';
import { sepaMessages } from './messages';

/** The server's French message when it sent one, else `fallback`. */
export const sepaErrorText = (error: unknown, fallback: string = sepaMessages.genericError) =>
  (error instanceof ApiError && error.serverMessage) || fallback;
