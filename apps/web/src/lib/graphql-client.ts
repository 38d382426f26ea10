import { ApiError, apiFetch } from './api-client';

export const GRAPHQL_ENDPOINT = '/v1/graphql';

interface GraphqlResponse<T> {
  data?: T;
  errors?: { message: string }[];
}

/**
 * POST { query, variables } to the Hasura-style endpoint (R-API-04). GraphQL
 * errors arrive with HTTP 200, so they are turned into an ApiError like any failure; their
 * text is technical, so it stays in `body` and the user gets the generic message.
 */
export async function graphqlRequest<T>(
  query: string,
  variables?: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<T> {
  const result = await apiFetch<GraphqlResponse<T>>(GRAPHQL_ENDPOINT, {
    method: 'POST',
    body: { query, variables },
    signal,
  });
  if (result.errors?.length || result.data === undefined) {
    throw new ApiError(200, undefined, result);
  }
  return result.data;
}
