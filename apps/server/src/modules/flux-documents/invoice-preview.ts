import type { InvoiceInput } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import type { RequestScope } from '../scope/scope';
import { findIssuedFlux } from './issued-flux.repository';

/**
 * What a flux issued in the caller's transaction (and not committed yet) would print: a draft's
 * preview issues its flux in a transaction it then rolls back (R-INV-05), so the preview reads
 * the very facts, parties and mentions an issue would freeze.
 */
export async function uncommittedInvoiceInput(
  tx: Queryable,
  scope: RequestScope,
  fluxId: number,
): Promise<{ invoice: InvoiceInput; issuedAt: Date } | null> {
  const issued = await findIssuedFlux(tx, scope, fluxId);
  if (issued === null || issued === 'not-issued') return null;
  return { invoice: issued.invoice, issuedAt: issued.issuedAt };
}
