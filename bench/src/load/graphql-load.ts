import autocannon from 'autocannon';
import type { BenchResult } from '../bench-result';
import { PAGE_QUERY } from '../search/search-scenarios';

/**
 * API under load (DESIGN.md section 7): the authenticated GraphQL search, 50 connections,
 * 20 s, loopback only. Bars: >= 3,000 req/s, p99 <= 30 ms, 0 errors.
 */
export async function loadTestGraphql(address: string, token: string, where: unknown): Promise<BenchResult[]> {
  const result = await autocannon({
    url: `${address}/v1/graphql`,
    connections: 50,
    duration: 20,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: PAGE_QUERY, variables: { where } }),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return [
    {
      name: 'Charge GraphQL (même recherche répétée, total en cache 5 s) : requêtes/s, 50 connexions, 20 s',
      value: result.requests.average,
      unit: 'req/s',
      bar: 3000,
      pass: result.requests.average >= 3000,
      direction: 'min',
    },
    {
      name: 'Charge GraphQL : latence p99',
      value: result.latency.p99,
      unit: 'ms',
      bar: 30,
      pass: result.latency.p99 <= 30,
    },
    { name: 'Charge GraphQL : erreurs', value: errors, unit: '', bar: 0, pass: errors === 0 },
  ];
}
