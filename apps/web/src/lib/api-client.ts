import { INVALID_REQUEST, issuesOfErrorBody, type ValidationIssue } from '@gdf/domain';
import { clearToken, getToken, refreshSession } from './auth-token';
import { discardBody } from './discard-body';

export const GENERIC_ERROR_MESSAGE = 'Oups, une erreur est survenue...';

/** An HTTP error from the API, carrying the server's French `message` when it sent one. */
export class ApiError extends Error {
  /** The fields a 400 names (`issues` of the body: path and French message); empty otherwise. */
  readonly issues: readonly ValidationIssue[];

  constructor(
    readonly status: number,
    /** The `message` of the JSON error body, meant for the user; undefined when absent. */
    readonly serverMessage: string | undefined,
    readonly body: unknown,
  ) {
    super(serverMessage ?? GENERIC_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.issues = issuesOfErrorBody(body);
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised unless it is FormData (uploads) or a Blob (a raw file, sent with its type). */
  body?: unknown;
  /** Extra request headers (e.g. a file's name beside a raw body). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * false for calls made before there is a session (login): no bearer token, and a 401
   * means "wrong credentials", not "session over".
   */
  authenticated?: boolean;
}

/**
 * Sends the request with the bearer token. A 401 means the short-lived access token ran
 * out: the session cookie is asked for a new one, once, and the request sent again; a
 * second 401 (or no session left) ends the session (see RequireAuth).
 */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const { authenticated = true } = options;
  const sentWith = authenticated ? getToken() : null;
  let response = await send(path, options, sentWith);
  if (response.status === 401 && authenticated) {
    // Another call may have renewed the token meanwhile: then just use the new one.
    const current = getToken();
    const renewed = current !== null && current !== sentWith ? current : await refreshSession();
    if (renewed) {
      await discardBody(response);
      response = await send(path, options, renewed);
    }
  }
  if (response.ok) return response;

  const errorBody = await readJson(response);
  if (response.status === 401 && authenticated) clearToken('expired');
  throw new ApiError(response.status, messageOf(errorBody), errorBody);
}

function send(path: string, options: ApiRequestOptions, token: string | null): Promise<Response> {
  const { method = 'GET', body, signal } = options;
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body instanceof Blob) {
    payload = body;
    if (body.type) headers.set('Content-Type', body.type);
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  return fetch(path, { method, headers, body: payload, signal });
}

/** JSON call; resolves to undefined for 204 No Content. */
export async function apiFetch<T>(path: string, options?: ApiRequestOptions): Promise<T> {
  const response = await apiRequest(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * R-API-02: the core API calls swallow their failures, return nothing and
 * show no message. The failure still goes to the console (the server logs it too); a
 * cancelled request is not a failure and still rejects, as TanStack Query expects.
 */
export async function orNothing<T>(call: Promise<T>, what: string): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.warn(`${what} : échec ignoré`, error);
    return null;
  }
}

/** Binary download (PDF, files) with the same authentication and error handling. */
export async function apiFetchBlob(path: string, options?: ApiRequestOptions): Promise<Blob> {
  return (await apiRequest(path, options)).blob();
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * A refusal as a form shows it: each field the server names under the field's label (or its
 * message alone where it names the field already), else the server's message, else `fallback`.
 */
export function formErrorText(error: unknown, fallback: string, labels: Record<string, string> = {}): string {
  if (!(error instanceof ApiError) || !error.serverMessage) return fallback;
  const message = error.serverMessage;
  if (error.issues.length > 0)
    return capitalise(error.issues.map((issue) => issueText(issue, labels[issue.path])).join(' ; '));
  return message.startsWith(INVALID_REQUEST) ? capitalise(message.slice(INVALID_REQUEST.length)) : message;
}

/** One field's message with its label in front, unless the message starts with it already. */
function issueText(issue: ValidationIssue, label: string | undefined): string {
  return label && !issue.message.startsWith(label) ? `${label} : ${issue.message}` : issue.message;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body as { message: unknown };
  return typeof message === 'string' && message.trim() ? message : undefined;
}
