import { ApiError, apiFetch } from './api-client';
import { toSearch } from './routes';

const GRAPHQL_ENDPOINT = '/v1/graphql';

interface GraphqlResponse<T> {
  data?: T;
  errors?: { message: string }[];
}

export interface GraphqlOptions {
  signal?: AbortSignal;
  /**
   * Acts as this structure: the server scopes every row to the current structure, read from
   * `structureId` (or the X-Structure-Id header), so the head office and a club acting for
   * another membership see their own rows. Without it, the server picks the default one.
   */
  structureId?: number;
}

/**
 * The web app's one GraphQL client: POST { query, variables } to the Hasura-style endpoint
 * (R-API-04).
 * GraphQL errors arrive with HTTP 200, so they are turned into an ApiError like any failure;
 * their text is technical, so it stays in `body` and the user gets the generic message.
 */
export async function graphqlRequest<T>(
  query: string,
  variables?: Record<string, unknown>,
  options: GraphqlOptions = {},
): Promise<T> {
  const { signal, structureId } = options;
  const path = structureId === undefined ? GRAPHQL_ENDPOINT : GRAPHQL_ENDPOINT + toSearch({ structureId });
  const result = await apiFetch<GraphqlResponse<T>>(path, { method: 'POST', body: { query, variables }, signal });
  if (result.errors?.length || result.data === undefined) throw new ApiError(200, undefined, result);
  return result.data;
}
