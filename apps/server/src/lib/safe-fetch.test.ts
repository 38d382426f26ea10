import { describe, expect, it } from 'vitest';
import { parseAllowList, safeFetch } from './safe-fetch';

describe('parseAllowList (FILE_URL_ALLOWLIST)', () => {
  it('splits, trims and lower-cases host names', () => {
    expect(parseAllowList(' Files.Example.fr, cdn.example.com. ,,')).toEqual(['files.example.fr', 'cdn.example.com']);
  });
  it('is empty by default, which refuses every URL', async () => {
    expect(parseAllowList(undefined)).toEqual([]);
    await expect(safeFetch('https://example.com/a.pdf', { allowedHosts: [] })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});
