import { afterEach, describe, expect, it, vi } from 'vitest';
import { sentRequest, stubApi } from '@/test/stub-api';
import { downloadAccountStatement } from './download-flux-document';

afterEach(() => vi.unstubAllGlobals());

describe('downloadAccountStatement (R-STMT-03)', () => {
  it("asks the structure's relevé de compte over the chosen period as an attachment and saves it under the server's name", async () => {
    const fetchMock = stubApi({
      'GET /api/structures/42/releve-de-compte': () =>
        new Response('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="releve-de-compte-42-2025-09-01-2026-08-31.pdf"',
          },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await downloadAccountStatement(42, 7, { du: '2025-09-01', au: '2026-08-31' }, 'pdf');
    const url = new URL(sentRequest(fetchMock).url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      du: '2025-09-01',
      au: '2026-08-31',
      format: 'pdf',
      download: '1',
      structureId: '7',
    });
    expect(saved).toEqual(['releve-de-compte-42-2025-09-01-2026-08-31.pdf']);
    click.mockRestore();
  });
});
