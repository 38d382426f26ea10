import { invalidRequestMessage, type ValidationIssue } from '@gdf/domain';

/** An error whose message is safe to show to the caller (French), with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = 'error',
    /** Which fields of the request are wrong (a 400 of parseInput), sent as the body's `issues`. */
    readonly issues?: readonly ValidationIssue[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message, 'bad-request');
/** A 400 naming the wrong fields: `issues` for forms, the same text in `message` for the rest. */
export const invalidInput = (issues: readonly ValidationIssue[]) =>
  new HttpError(400, invalidRequestMessage(issues), 'bad-request', issues);
export const unauthorized = (message = 'Authentification requise') => new HttpError(401, message, 'unauthorized');
export const forbidden = (message = "Vous n'avez pas accès à cette ressource.") =>
  new HttpError(403, message, 'forbidden');
export const notFound = (message = 'Ressource introuvable') => new HttpError(404, message, 'not-found');
