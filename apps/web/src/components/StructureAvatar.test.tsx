import type { MeResponse } from '@gdf/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/auth-token';
import { SessionProvider } from '@/lib/session';
import { meFixture } from '@/test/fixtures';
import { jsonResponse, sentRequest, stubApi } from '@/test/stub-api';
import { StructureAvatar, structureInitials } from './StructureAvatar';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function renderWith(ui: ReactNode, me?: MeResponse) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{me ? <SessionProvider me={me}>{ui}</SessionProvider> : ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('StructureAvatar', () => {
  it('takes the initials of the significant words', () => {
    expect(structureInitials('Club Alpin de Lyon')).toBe('CA');
    expect(structureInitials('Ligue Auvergne-Rhône-Alpes')).toBe('LA');
  });

  it("loads the current structure's logo with the bearer token and shows it from a blob URL", async () => {
    setToken('jwt');
    const fetchMock = stubApi({
      'GET /api/structures/101/avatar': () => jsonResponse({ id: 12, url: '/api/files/structure_document/12' }),
      'GET /api/files/structure_document/12': () => new Response(PNG, { headers: { 'Content-Type': 'image/png' } }),
    });
    renderWith(<StructureAvatar size={102} />, meFixture);

    await waitFor(() => expect(screen.getByRole('img', { name: 'Logo de Club Alpin de Lyon' }).tagName).toBe('IMG'));
    expect(screen.getByRole('img', { name: 'Logo de Club Alpin de Lyon' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(sentRequest(fetchMock, 0).url).toContain('/api/structures/101/avatar');
    const file = sentRequest(fetchMock, 1);
    expect(new URL(file.url).pathname).toBe('/api/files/structure_document/12');
    expect(file.headers.get('Authorization')).toBe('Bearer jwt');
  });

  it('is 52 pixels wide by default and 102 on the layouts (R-UI-08)', () => {
    stubApi({});
    const { rerender } = renderWith(<StructureAvatar structure={{ id: 5, name: 'Club Alpin de Lyon' }} />);
    expect(screen.getByRole('img', { name: 'Logo de Club Alpin de Lyon' })).toHaveStyle({
      width: '52px',
      height: '52px',
    });
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <StructureAvatar structure={{ id: 5, name: 'Club Alpin de Lyon' }} size={102} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('img', { name: 'Logo de Club Alpin de Lyon' })).toHaveStyle({ width: '102px' });
  });

  it('falls back to the initials, silently, when there is no logo or the call fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = stubApi({
      'GET /api/structures/101/avatar': () => jsonResponse({ message: 'Aucun avatar' }, 404),
    });
    renderWith(<StructureAvatar />, meFixture);

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const avatar = screen.getByRole('img', { name: 'Logo de Club Alpin de Lyon' });
    expect(avatar).toHaveTextContent('CA');
    expect(avatar.tagName).not.toBe('IMG');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
  });

  it('logs an error and shows no message without a structure context (R-UI-08)', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = stubApi({});
    const { container } = renderWith(<StructureAvatar />);

    expect(errors).toHaveBeenCalledWith(expect.stringContaining('StructureAvatar'));
    expect(container).toHaveTextContent('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
