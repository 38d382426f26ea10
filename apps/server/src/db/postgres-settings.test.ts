import { describe, expect, it } from 'vitest';
import { MIN_SHARED_BUFFERS_BYTES, settingsWarnings } from './postgres-settings';

const good = { sharedBuffersBytes: 2 * 1024 ** 3, autovacuum: true, trackCounts: true };

describe('PostgreSQL settings checked at start-up', () => {
  it('says nothing when shared_buffers is large enough and autovacuum runs', () => {
    expect(settingsWarnings(good)).toEqual([]);
    expect(settingsWarnings({ ...good, sharedBuffersBytes: MIN_SHARED_BUFFERS_BYTES })).toEqual([]);
  });

  it("warns about PostgreSQL's default shared_buffers (128 MB)", () => {
    const [warning, ...others] = settingsWarnings({ ...good, sharedBuffersBytes: 128 * 1024 * 1024 });
    expect(others).toEqual([]);
    expect(warning).toContain('shared_buffers vaut 128 Mo');
    expect(warning).toContain('512 Mo');
  });

  it('warns when autovacuum or the statistics it needs are off', () => {
    expect(settingsWarnings({ ...good, autovacuum: false })).toHaveLength(1);
    expect(settingsWarnings({ ...good, trackCounts: false })[0]).toContain('autovacuum');
  });
});
