import type { SepaCalendar } from '@gdf/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /api/exports/sepa/calendar: today in Paris, SEPA_MIN_LEAD_DAYS and the first allowed collection date. */
function getSepaCalendar(structureId: number, signal?: AbortSignal): Promise<SepaCalendar> {
  return apiFetch<SepaCalendar>(`/api/exports/sepa/calendar?structureId=${structureId}`, { signal });
}

function sepaCalendarQueryOptions(structureId: number) {
  return queryOptions({
    queryKey: ['sepa-calendar', structureId],
    queryFn: ({ signal }) => getSepaCalendar(structureId, signal),
  });
}

export function useSepaCalendar(structureId: number) {
  return useQuery(sepaCalendarQueryOptions(structureId));
}
