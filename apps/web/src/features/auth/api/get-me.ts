import type { MeResponse } from '@gdf/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /api/me: the user, their memberships and per-structure module permissions. */
function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiFetch<MeResponse>('/api/me', { signal });
}

function meQueryOptions() {
  // The session does not change while the token lives; it is dropped with the token.
  return queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal), staleTime: Infinity });
}

export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}
