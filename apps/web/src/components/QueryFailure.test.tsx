import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { meFixture } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { QueryFailure } from './QueryFailure';

const failure = (error: unknown) => {
  const retry = vi.fn();
  renderWithSession(<QueryFailure error={error} fallback="Chargement impossible." onRetry={retry} />, meFixture);
  return retry;
};

describe('refusals in one style, with no action that cannot help (R-UI-18)', () => {
  it('shows a refusal of access as the shared refusal, without Réessayer', () => {
    failure(new ApiError(403, 'Vous n’avez pas accès à cette structure.', {}));
    expect(screen.getByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(screen.getByText('Vous n’avez pas accès à cette structure.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });

  it('offers no Réessayer on another refusal (not found)', () => {
    failure(new ApiError(404, 'Structure introuvable', {}));
    expect(screen.getByRole('alert')).toHaveTextContent('Structure introuvable');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });

  it('offers Réessayer when asking again may work (server error, network)', () => {
    const retry = failure(new ApiError(503, undefined, {}));
    screen.getByRole('button', { name: 'Réessayer' }).click();
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert')).toHaveTextContent('Chargement impossible.');
  });
});
