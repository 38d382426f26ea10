import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyTestApp } from './support/test-app';

describe('security headers on every response, refusals included', () => {
  let testApp: Awaited<ReturnType<typeof openEmptyTestApp>>;

  beforeAll(async () => {
    testApp = await openEmptyTestApp();
  });
  afterAll(() => testApp.close());

  it.each(['/api/health', '/api/me', '/v1/graphql', '/nulle-part'])('%s', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });
});
