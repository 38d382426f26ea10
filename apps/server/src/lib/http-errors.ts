/** An error whose message is safe to show to the caller (French), with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = 'error',
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message, 'bad-request');
export const unauthorized = (message = 'Authentification requise') => new HttpError(401, message, 'unauthorized');
export const forbidden = (message = "Vous n'avez pas accès à cette ressource.") =>
  new HttpError(403, message, 'forbidden');
export const notFound = (message = 'Ressource introuvable') => new HttpError(404, message, 'not-found');
