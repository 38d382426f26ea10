import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('Export history: file sizes in French', () => {
  it('writes bytes, then Ko and Mo with a decimal comma', () => {
    expect(formatFileSize(1)).toBe('1 octet');
    expect(formatFileSize(512)).toBe('512 octets');
    expect(formatFileSize(12_595)).toBe('12,3 Ko');
    expect(formatFileSize(2048)).toBe('2 Ko');
    expect(formatFileSize(5 * 1024 * 1024 + 300_000)).toBe('5,3 Mo');
  });
});
