import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { ApiError } from './api-client';
import { contentDispositionFileName, downloadFile } from './download';

describe('contentDispositionFileName (RFC 6266)', () => {
  it('reads a quoted or a bare filename', () => {
    expect(contentDispositionFileName('attachment; filename="facture-12-2025-03-01.pdf"')).toBe(
      'facture-12-2025-03-01.pdf',
    );
    expect(contentDispositionFileName('inline; filename=fec.txt')).toBe('fec.txt');
    expect(contentDispositionFileName('attachment; FileName="a \\"b\\".txt"')).toBe('a "b".txt');
  });

  it('prefers filename* (RFC 5987), in UTF-8 or ISO-8859-1, wherever it comes', () => {
    expect(
      contentDispositionFileName(`attachment; filename*=UTF-8''relev%C3%A9%20de%20compte.pdf; filename="releve.pdf"`),
    ).toBe('relevé de compte.pdf');
    expect(contentDispositionFileName(`attachment; filename="releve.pdf"; filename*=utf-8'fr'%C3%A9t%C3%A9.pdf`)).toBe(
      'été.pdf',
    );
    expect(contentDispositionFileName(`attachment; filename*=iso-8859-1''%E9t%E9.csv`)).toBe('été.csv');
  });

  it('falls back to filename when filename* is malformed, and keeps only the last path segment', () => {
    expect(contentDispositionFileName(`attachment; filename*=UTF-8''%E9; filename="repli.pdf"`)).toBe('repli.pdf');
    expect(contentDispositionFileName('attachment; filename="../../etc/passwd"')).toBe('passwd');
  });

  it('has no name without the parameter', () => {
    expect(contentDispositionFileName(null)).toBeUndefined();
    expect(contentDispositionFileName('attachment')).toBeUndefined();
    expect(contentDispositionFileName('attachment; filename=""')).toBeUndefined();
  });
});

describe('downloadFile', () => {
  const saved: string[] = [];
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    saved.length = 0;
  });
  const catchSaves = () => {
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  };

  it("saves under the server's name, else under the given one; keepName keeps the given one", async () => {
    catchSaves();
    stubApi({
      'GET /named': () =>
        new Response('a', { headers: { 'content-disposition': 'attachment; filename="serveur.xml"' } }),
      'GET /unnamed': () => new Response('b'),
    });
    await downloadFile('/named', { fileName: 'repli.xml' });
    await downloadFile('/unnamed', { fileName: 'repli.xml' });
    await downloadFile('/named', { fileName: 'enregistre.xml', keepName: true });
    expect(saved).toEqual(['serveur.xml', 'repli.xml', 'enregistre.xml']);
  });

  it("rejects with the server's French message and saves nothing", async () => {
    catchSaves();
    stubApi({ 'GET /refused': () => jsonResponse({ message: 'Aucun exercice validé.' }, 409) });
    const failure = downloadFile('/refused', { fileName: 'x.txt' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Aucun exercice validé.');
    expect(saved).toEqual([]);
  });

  it('reports the bytes received while the body streams in', async () => {
    catchSaves();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(3));
        controller.enqueue(new Uint8Array(4));
        controller.close();
      },
    });
    stubApi({ 'POST /pack': () => new Response(body, { headers: { 'x-documents-count': '2' } }) });
    const seen: Array<[number, string | null]> = [];
    const file = await downloadFile('/pack', {
      method: 'POST',
      fileName: 'documents.zip',
      onProgress: ({ bytes, headers }) => seen.push([bytes, headers.get('x-documents-count')]),
    });
    expect(seen).toEqual([
      [0, '2'],
      [3, '2'],
      [7, '2'],
    ]);
    expect(file.blob.size).toBe(7);
    expect(saved).toEqual(['documents.zip']);
  });
});
