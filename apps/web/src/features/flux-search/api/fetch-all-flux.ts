import type { FluxWhere } from '@gdf/domain';
import { graphqlRequest } from '@/lib/graphql-client';
import { FLUX_ROW_FIELDS, type FluxOrderBy, type FluxRow } from './flux-row';

/** 'Tous' and the export stop here (the server's own bound on one list is 100,000 rows). */
export const MAX_ALL_ROWS = 100_000;
const ALL_ROWS_BATCH = 5_000;

const batchQuery = (
  fields: string,
) => `query FluxBatch($where: MKP_FluxFinancier_bool_exp!, $orderBy: [MKP_FluxFinancier_order_by!], $limit: Int!, $offset: Int!) {
  rows: MKP_FluxFinancier(where: $where, order_by: $orderBy, limit: $limit, offset: $offset) { ${fields} }
}`;

/** Every row matching a search, up to MAX_ALL_ROWS; `truncated` when more match. */
export interface AllFlux {
  rows: FluxRow[];
  truncated: boolean;
}

/**
 * Every row matching `where`, in batches, so no single response grows too large and the
 * caller can show progress. The order ends with id, so batches neither skip nor repeat rows.
 * At the cap, one more row is asked for, to tell the user that the list is cut.
 */
export async function fetchAllFlux(
  structureId: number,
  where: FluxWhere,
  orderBy: FluxOrderBy,
  options: {
    signal?: AbortSignal;
    onBatch?: (loaded: number) => void;
    batchSize?: number;
    max?: number;
    /** The viewer's row selection (fluxRowFields). */
    fields?: string;
  } = {},
): Promise<AllFlux> {
  const { signal, onBatch, batchSize = ALL_ROWS_BATCH, max = MAX_ALL_ROWS, fields = FLUX_ROW_FIELDS } = options;
  const batch = batchQuery(fields);
  const rows: FluxRow[] = [];
  while (rows.length < max) {
    const limit = Math.min(batchSize, max - rows.length);
    const data = await graphqlRequest<{ rows: FluxRow[] }>(
      batch,
      { where, orderBy, limit, offset: rows.length },
      { structureId, signal },
    );
    rows.push(...data.rows);
    onBatch?.(rows.length);
    if (data.rows.length < limit) return { rows, truncated: false };
  }
  const beyond = await graphqlRequest<{ rows: FluxRow[] }>(
    batch,
    { where, orderBy, limit: 1, offset: max },
    { structureId, signal },
  );
  return { rows, truncated: beyond.rows.length > 0 };
}
