import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmButton, type ConfirmButtonProps } from './ConfirmButton';

function renderButton(props: Partial<ConfirmButtonProps> = {}) {
  const user = userEvent.setup();
  const onConfirm = vi.fn();
  const view = render(
    <ConfirmButton
      pending={false}
      title="Supprimer le brouillon ?"
      text="Le brouillon sera perdu."
      cancelLabel="Annuler"
      confirmLabel="Supprimer"
      onConfirm={onConfirm}
      {...props}
    >
      Supprimer
    </ConfirmButton>,
  );
  return { user, onConfirm, view };
}

describe('ConfirmButton', () => {
  it('runs the action only once confirmed, and the dialog closes', async () => {
    const { user, onConfirm } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le brouillon ?' });
    expect(dialog).toHaveTextContent('Le brouillon sera perdu.');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getAllByRole('button', { name: 'Supprimer' }).at(-1)!);
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does nothing when cancelled', async () => {
    const { user, onConfirm } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is disabled with its pending text while the action runs', () => {
    renderButton({ pending: true, pendingLabel: 'Suppression…' });
    expect(screen.getByRole('button', { name: 'Suppression…' })).toBeDisabled();
  });

  it('shows the action error under the button', () => {
    renderButton({ error: 'La suppression a échoué.' });
    expect(screen.getByRole('alert')).toHaveTextContent('La suppression a échoué.');
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeEnabled();
  });

  it('stays disabled when told so', () => {
    renderButton({ disabled: true });
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeDisabled();
  });
});
