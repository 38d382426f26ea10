import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/database';
import { buildTestApp } from '../support/test-app';

interface OtlpSpan {
  name: string;
  traceId: string;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}

/** A collector's OTLP/HTTP endpoint that keeps what it receives (the exporter sends JSON). */
function startCollector(): Promise<{ server: Server; url: string; spans: OtlpSpan[] }> {
  const spans: OtlpSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
        };
        for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans }),
    ),
  );
}

/** OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set (R-OPS-03). */
describe('traces sent to an OTLP collector', () => {
  let database: Database;
  let collector: Awaited<ReturnType<typeof startCollector>>;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    collector = await startCollector();
  });
  afterAll(async () => {
    collector?.server.close();
    await database?.close();
  });

  it('sends a span for each request, named by its route, flushed when the app closes', async () => {
    const app = await buildTestApp(database, { tracing: { endpoint: `${collector.url}/` } });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    await app.close();
    const routes = collector.spans.flatMap((span) =>
      span.attributes.filter((attribute) => attribute.key === 'http.route').map((attribute) => attribute.value),
    );
    expect(routes).toContainEqual({ stringValue: '/api/health' });
    expect(new Set(collector.spans.map((span) => span.traceId)).size).toBe(1);
  });
});
