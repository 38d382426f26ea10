import { ApiError, apiFetch } from '@/lib/api-client';
import { GRAPHQL_ENDPOINT } from '@/lib/graphql-client';
import { toSearch } from '@/lib/routes';

interface GraphqlResponse<T> {
  data?: T;
  errors?: { message: string }[];
}

/**
 * GraphQL as a given structure: the server reads the current structure from `structureId`
 * (or the X-Structure-Id header) and scopes every row to it, so the head office and a club
 * acting for another membership see their own flux.
 */
export async function fluxGraphql<T>(
  structureId: number,
  query: string,
  variables?: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<T> {
  const result = await apiFetch<GraphqlResponse<T>>(GRAPHQL_ENDPOINT + toSearch({ structureId }), {
    method: 'POST',
    body: { query, variables },
    signal,
  });
  if (result.errors?.length || result.data === undefined) throw new ApiError(200, undefined, result);
  return result.data;
}
