import { describe, expect, it } from 'vitest';
import { normaliseMimeType, sniffMimeType } from './file-type';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffMimeType', () => {
  it('recognises the allowed types by their magic numbers', () => {
    expect(sniffMimeType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffMimeType(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0]))).toBe('image/png');
    expect(sniffMimeType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffMimeType(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffMimeType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, whatever its name', () => {
    expect(sniffMimeType(bytes('MZ\x90\x00'))).toBeNull(); // a Windows executable
    expect(sniffMimeType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffMimeType(bytes('%PD'))).toBeNull();
    expect(sniffMimeType(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeNull();
    expect(sniffMimeType(new Uint8Array())).toBeNull();
  });
});

describe('normaliseMimeType', () => {
  it('lower-cases, drops parameters and maps image/jpg', () => {
    expect(normaliseMimeType('Image/JPG')).toBe('image/jpeg');
    expect(normaliseMimeType('application/pdf; charset=binary')).toBe('application/pdf');
  });
});
