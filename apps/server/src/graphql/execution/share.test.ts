import { describe, expect, it, vi } from 'vitest';
import { ReadCache } from './share';

describe('ReadCache (identical reads share one execution)', () => {
  it('runs concurrent identical reads once and shares the result', async () => {
    const cache = new ReadCache();
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return '[1]';
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.read('k', 1_000, compute)));
    expect(results).toEqual(Array(10).fill('[1]'));
    expect(runs).toBe(1);
  });

  it('runs again after the time-to-live, after clear(), and for another key', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new ReadCache();
      let runs = 0;
      const compute = async () => String(++runs);
      expect(await cache.read('k', 20, compute)).toBe('1');
      vi.advanceTimersByTime(19);
      expect(await cache.read('k', 20, compute)).toBe('1');
      vi.advanceTimersByTime(1);
      expect(await cache.read('k', 20, compute)).toBe('2');
      cache.clear();
      expect(await cache.read('k', 1_000, compute)).toBe('3');
      expect(await cache.read('other', 1_000, compute)).toBe('4');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps neither failures nor large results', async () => {
    const cache = new ReadCache(10, 8);
    let runs = 0;
    await expect(cache.read('fails', 1_000, async () => Promise.reject(new Error(String(++runs))))).rejects.toThrow(
      '1',
    );
    await expect(cache.read('fails', 1_000, async () => Promise.reject(new Error(String(++runs))))).rejects.toThrow(
      '2',
    );
    const large = async () => `"${'x'.repeat(20)}${++runs}"`;
    const first = await cache.read('large', 1_000, large);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.read('large', 1_000, large)).not.toBe(first);
  });

  it('evicts the oldest entry beyond its size', async () => {
    const cache = new ReadCache(2);
    let runs = 0;
    const compute = async () => String(++runs);
    await cache.read('a', 1_000, compute);
    await cache.read('b', 1_000, compute);
    await cache.read('c', 1_000, compute);
    expect(await cache.read('a', 1_000, compute)).toBe('4');
    expect(await cache.read('c', 1_000, compute)).toBe('3');
  });
});
