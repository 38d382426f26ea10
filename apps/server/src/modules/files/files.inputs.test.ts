import { describe, expect, it } from 'vitest';
import { cleanFileName, uploadFieldsSchema } from './files.inputs';

describe('cleanFileName', () => {
  it('keeps the base name without path, control or reserved characters', () => {
    expect(cleanFileName('../../etc/passwd', 'document.pdf')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\a\\RIB "club".pdf', 'document.pdf')).toBe('RIB club.pdf');
    expect(cleanFileName('logo\u0000\r\n.png', 'document.png')).toBe('logo.png');
    expect(cleanFileName('Relevé d’identité.pdf', 'document.pdf')).toBe('Relevé d’identité.pdf');
  });
  it('falls back when nothing usable is left', () => {
    for (const name of [undefined, '', '..', '/', '  '])
      expect(cleanFileName(name, 'document.pdf')).toBe('document.pdf');
  });
});

describe('uploadFieldsSchema', () => {
  it('normalises the declared type and reads resource paths', () => {
    expect(
      uploadFieldsSchema.parse({
        fileType: 'Image/JPG',
        structure: '/api/structures/42',
        documentType: 'avatar_structure',
      }),
    ).toEqual({ fileType: 'image/jpeg', structure: 42, documentType: 'avatar_structure' });
  });
});
