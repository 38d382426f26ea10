import { jsonResponse, type ApiHandler } from './stub-api';

/** What the SEPA page asks for on arrival, every answer empty: its tabs' lists and the payouts'. */
export function emptySepaPageApi(): Record<string, ApiHandler> {
  return {
    'GET /api/exports/sepa/calendar': () =>
      jsonResponse({ today: '2026-11-23', minLeadDays: 1, earliestDate: '2026-11-24' }),
    'GET /api/exports/sepa/prelevements/preview': () =>
      jsonResponse({ dateEcheance: '2026-11-24', nbFlux: 0, totalCents: 0, structures: [], exclues: [] }),
    'GET /api/exports/sepa/batches': () => jsonResponse([]),
    'GET /api/exports/sepa/releves': () => jsonResponse([]),
    'GET /api/exports/sepa/virements/apercu': () =>
      jsonResponse({ au: '2026-11-23', payables: [], exclues: [], totalCentimes: 0 }),
    'GET /api/exports/sepa/virements': () => jsonResponse([]),
  };
}
