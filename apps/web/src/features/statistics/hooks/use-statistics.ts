import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentStructure } from '@/lib/session';
import { fetchStatistics } from '../api/statistics-api';
import type { StatisticsUrlFilters } from '../api/statistics-types';
import { readStatisticsFilters, writeStatisticsFilters } from '../utils/statistics-url';

const STATISTICS_QUERY_KEY = 'etats-statistiques';

/** The filters kept in the URL, and how to change them (a copied link reopens the same figures). */
export function useStatisticsFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readStatisticsFilters(params), [params]);
  const update = useCallback(
    (patch: StatisticsUrlFilters) => setParams((previous) => writeStatisticsFilters(previous, patch)),
    [setParams],
  );
  return { filters, update };
}

/** The figures of `filters`; the previous ones stay shown while new ones load. */
export function useStatistics(filters: StatisticsUrlFilters) {
  const { structureId } = useCurrentStructure();
  return useQuery({
    queryKey: [STATISTICS_QUERY_KEY, structureId, filters],
    queryFn: ({ signal }) => fetchStatistics(structureId, filters, signal),
    placeholderData: keepPreviousData,
    // A 400 (a period outside the data, an impossible date) is the answer, not a glitch.
    retry: false,
  });
}
