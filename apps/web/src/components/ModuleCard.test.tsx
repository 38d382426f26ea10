import { CARD_TOOLTIPS, type CardState } from '@gdf/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ModuleCard, type ModuleCardLink } from './ModuleCard';

const enabled: CardState = { kind: 'enabled', enabled: true, tooltip: null };
const disabled = (kind: keyof typeof CARD_TOOLTIPS): CardState => ({
  kind,
  enabled: false,
  tooltip: CARD_TOOLTIPS[kind],
});

function renderCard(state: CardState, link?: ModuleCardLink) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <button type="button">avant</button>
      <ModuleCard title="SAGE/SEPA" description="Exporter les fichiers." icon={null} state={state} link={link} />
    </MemoryRouter>,
  );
  return { user };
}

describe('ModuleCard', () => {
  it('is a link to the page when enabled', () => {
    renderCard(enabled, { kind: 'route', href: '/export-fichiers/sepa?structureId=3' });
    const card = screen.getByRole('link', { name: 'SAGE/SEPA' });
    expect(card).toHaveAttribute('href', '/export-fichiers/sepa?structureId=3');
    expect(card).not.toHaveAttribute('aria-disabled');
    expect(card).toHaveAccessibleDescription('Exporter les fichiers.');
  });

  it('is a plain <a href> for an external link (same tab)', () => {
    renderCard(enabled, {
      kind: 'external',
      href: '/gestion-des-finances/flux-financiers?structureId=3&appMode=standalone',
    });
    const card = screen.getByRole('link', { name: 'SAGE/SEPA' });
    expect(card.tagName).toBe('A');
    expect(card).toHaveAttribute('href', '/gestion-des-finances/flux-financiers?structureId=3&appMode=standalone');
    expect(card).not.toHaveAttribute('target');
  });

  it.each(Object.keys(CARD_TOOLTIPS) as (keyof typeof CARD_TOOLTIPS)[])(
    '%s: greyed, aria-disabled, no href, the reason as description',
    (kind) => {
      renderCard(disabled(kind), { kind: 'route', href: '/export-fichiers/sepa' });
      const card = screen.getByRole('link', { name: 'SAGE/SEPA' });
      expect(card).toHaveAttribute('aria-disabled', 'true');
      expect(card).not.toHaveAttribute('href');
      expect(card).toHaveAccessibleDescription(`Exporter les fichiers. ${CARD_TOOLTIPS[kind]}`);
      expect(card.closest('[data-card-state]')).toHaveAttribute('data-card-state', kind);
    },
  );

  it('shows its tooltip on keyboard focus', async () => {
    const { user } = renderCard(disabled('blocked'));
    await user.tab(); // the button before
    await user.tab();
    expect(screen.getByRole('link', { name: 'SAGE/SEPA' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Cette structure est bloquée.');
  });

  it('shows its tooltip on mouse hover', async () => {
    const { user } = renderCard(disabled('coming_soon'));
    await user.hover(screen.getByRole('link', { name: 'SAGE/SEPA' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Module prochainement disponible.');
  });
});
