import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEPA_WRITE } from '@gdf/domain';
import { describe, expect, it, vi } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { BankEntryItem } from './BankEntryItem';
import { creditToProcess } from './test-data';

const withGrant = { ...headOfficeMe(['export__sepa']), grants: { '1318': [SEPA_WRITE] } };

describe('compact reconciliation rows (R-UI-18)', () => {
  it('shows each entry as one row with its proposals folded, and unfolds them on demand', async () => {
    const entries = Array.from({ length: 6 }, (_, index) =>
      creditToProcess({ id: 41 + index, reference: `E${index}` }),
    );
    renderWithSession(
      <ul>
        {entries.map((entry) => (
          <BankEntryItem key={entry.id} entry={entry} structureId={1318} canWrite onDone={vi.fn()} />
        ))}
      </ul>,
      withGrant,
    );
    const toggles = screen.getAllByRole('button', { name: /^Détail : Crédit/ });
    expect(toggles).toHaveLength(6);
    for (const toggle of toggles) expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Folded: no proposal and no button of theirs, only how many wait and who paid.
    expect(screen.queryByRole('list', { name: /^Propositions pour le crédit de/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Rapprocher de/ })).toBeNull();
    expect(screen.getAllByText('2 propositions')).toHaveLength(6);
    expect(screen.getAllByText('CLUB ALPIN LYON')).toHaveLength(6);

    await userEvent.click(toggles[2]!);
    expect(toggles[2]).toHaveAttribute('aria-expanded', 'true');
    const proposals = screen.getByRole('list', { name: /^Propositions pour le crédit de/ });
    expect(within(proposals).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Rapprocher de Facture 2026-FFME-501' })).toBeInTheDocument();
  });

  it('says when no proposal waits', () => {
    renderWithSession(
      <ul>
        <BankEntryItem entry={creditToProcess({ propositions: [] })} structureId={1318} canWrite onDone={vi.fn()} />
      </ul>,
      withGrant,
    );
    expect(screen.getByText('Aucune proposition')).toBeInTheDocument();
  });
});
