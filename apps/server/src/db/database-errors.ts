/**
 * Database failures that are not the server's fault and must never answer 500: the
 * caller asked too much (too many parameters), the statement ran out of time, or no
 * connection was free in time. Each has a French message and an HTTP status.
 */
export interface DatabaseRefusal {
  kind: 'too-many-parameters' | 'too-complex' | 'statement-timeout' | 'database-busy';
  status: 400 | 503;
  message: string;
  /** Seconds to wait before retrying (Retry-After), for 503. */
  retryAfterSeconds?: number;
}

/** The wire protocol counts parameters on 16 bits: PostgreSQL refuses more than this. */
export const MAX_SQL_PARAMETERS = 65_535;

/** Raised before sending a statement with more parameters than PostgreSQL accepts. */
class TooManyParametersError extends Error {
  readonly code = 'GDF_TOO_MANY_PARAMETERS';
  constructor(readonly count: number) {
    super(`Trop de paramètres SQL (${count})`);
    this.name = 'TooManyParametersError';
  }
}

export function checkParameterCount(params: readonly unknown[]): void {
  if (params.length > MAX_SQL_PARAMETERS) throw new TooManyParametersError(params.length);
}

export const TOO_MANY_PARAMETERS_MESSAGE =
  'Requête trop volumineuse : trop de valeurs à comparer (au plus 65 535). Réduisez les listes ou les filtres.';
const TOO_COMPLEX_MESSAGE = 'Requête trop complexe pour la base de données : simplifiez les filtres.';
const STATEMENT_TIMEOUT_MESSAGE =
  'La recherche a pris trop de temps et a été interrompue : ajoutez des filtres ou demandez moins de lignes, puis réessayez.';
const DATABASE_BUSY_MESSAGE = 'Le serveur est très sollicité : réessayez dans quelques secondes.';

/** pg-pool's messages when no connection came in time (waiting in the queue, or connecting). */
const POOL_WAIT_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

export function classifyDatabaseError(error: unknown): DatabaseRefusal | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (current instanceof TooManyParametersError)
      return { kind: 'too-many-parameters', status: 400, message: TOO_MANY_PARAMETERS_MESSAGE };
    if (code === '54000') return { kind: 'too-complex', status: 400, message: TOO_COMPLEX_MESSAGE }; // program_limit_exceeded
    if (code === '57014') {
      return { kind: 'statement-timeout', status: 503, message: STATEMENT_TIMEOUT_MESSAGE, retryAfterSeconds: 5 };
    }
    if (typeof message === 'string' && POOL_WAIT_MESSAGES.includes(message)) {
      return { kind: 'database-busy', status: 503, message: DATABASE_BUSY_MESSAGE, retryAfterSeconds: 2 };
    }
    current = cause;
  }
  return null;
}

/**
 * The unique index a write ran into (SQLSTATE 23505) and the key it reports, also when the
 * driver's error is wrapped (cause); null for any other error.
 */
export function uniqueViolation(error: unknown): { constraint: string; detail: string } | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, constraint, detail, cause } = current as {
      code?: unknown;
      constraint?: unknown;
      detail?: unknown;
      cause?: unknown;
    };
    if (code === '23505') return { constraint: String(constraint ?? ''), detail: String(detail ?? '') };
    current = cause;
  }
  return null;
}
