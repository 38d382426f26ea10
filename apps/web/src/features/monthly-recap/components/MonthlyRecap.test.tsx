import { ModuleSlug, RECAP_WRITE, frenchMonth, type MeResponse, type RecapListAnswer } from '@gdf/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clubMembership, meWith, statusApi } from '@/test/access-fixtures';
import { renderApp } from '@/test/render-app';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi, type ApiHandler } from '@/test/stub-api';
import { pastMonths } from '../hooks/past-months';
import { StructureRecaps } from './StructureRecaps';

const { saveBlob } = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('@/lib/save-file', () => ({ saveBlob }));

const PATH = '/gestion-des-finances/recapitulatif';
const LIST_PATH = 'GET /api/structures/101/recapitulatifs';

const LIST: RecapListAnswer = {
  abonnementEmail: false,
  emailFacturation: 'tresorier@club-alpin-lyon.fr',
  recapitulatifs: [
    { id: 7, numero: 'RM-2026-09-000007', mois: '2026-09', emisLe: '2026-10-01T04:00:00.000Z', envoyeLe: null },
    {
      id: 9,
      numero: 'RM-2026-10-000009',
      mois: '2026-10',
      emisLe: '2026-11-01T04:00:00.000Z',
      envoyeLe: '2026-11-01T05:00:00.000Z',
    },
  ],
};

const reader = meWith(clubMembership, [ModuleSlug.Recapitulatif]);
const writer = meWith(clubMembership, [ModuleSlug.Recapitulatif], false, [RECAP_WRITE]);

function open(me: MeResponse, handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = stubApi({
    'GET /api/me': () => jsonResponse(me),
    ...statusApi(clubMembership),
    [LIST_PATH]: () => jsonResponse(LIST),
    ...handlers,
  });
  return { fetchMock, ...renderApp(PATH, { token: 'jwt' }) };
}

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path,
  );

beforeEach(() => saveBlob.mockReset());

describe('Récapitulatif mensuel: the issued recaps', () => {
  it('lists them newest month first, in French, each with its PDF and xlsx', async () => {
    const { fetchMock, user } = open(reader, {
      'GET /api/recapitulatifs/9': () =>
        new Response(new Blob(['%PDF']), {
          headers: { 'Content-Disposition': 'attachment; filename="recapitulatif-RM-2026-10-000009.pdf"' },
        }),
    });
    expect(await screen.findByRole('progressbar', { name: 'Chargement des récapitulatifs…' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Récapitulatifs mensuels émis' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/^octobre 2026RM-2026-10-00000901\/11\/202601\/11\/2026PDFxlsx$/);
    expect(rows[1]).toHaveTextContent(/^septembre 2026RM-2026-09-00000701\/10\/2026Non envoyéPDFxlsx$/);
    await user.click(within(table).getByRole('button', { name: 'Télécharger le récapitulatif de octobre 2026 (PDF)' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(saveBlob.mock.calls[0]![1]).toBe('recapitulatif-RM-2026-10-000009.pdf');
    const [input] = calls(fetchMock, 'GET', '/api/recapitulatifs/9')[0]!;
    expect(new URL(String(input), 'http://localhost').searchParams.get('format')).toBe('pdf');
  });

  it('says when none was issued yet', async () => {
    open(reader, { [LIST_PATH]: () => jsonResponse({ ...LIST, recapitulatifs: [] }) });
    expect(await screen.findByText('Aucun récapitulatif émis pour le moment.')).toBeInTheDocument();
  });

  it('says when they could not be loaded, with Réessayer', async () => {
    open(reader, { [LIST_PATH]: () => jsonResponse({}, 500) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Les récapitulatifs n’ont pas pu être chargés.');
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });
});

describe('Récapitulatif mensuel: issuing a past month (write grant)', () => {
  it('offers only months already over, asks for confirmation, then issues and lists it', async () => {
    let list = LIST;
    const { fetchMock, user } = open(writer, {
      [LIST_PATH]: () => jsonResponse(list),
      'POST /api/structures/101/recapitulatifs': async (request) => {
        const { mois: asked } = (await request.json()) as { mois: string };
        list = {
          ...list,
          recapitulatifs: [...list.recapitulatifs, { ...LIST.recapitulatifs[0]!, id: 11, mois: asked }],
        };
        return jsonResponse({ id: 11, numero: 'RM-2026-08-000011', mois: asked }, 201);
      },
    });
    const section = await screen.findByRole('region', { name: 'Émettre le récapitulatif' });
    await user.click(within(section).getByRole('combobox', { name: 'Mois' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    // The oldest month offered: no recap of the list is that old.
    const offered = pastMonths(new Date());
    const [latest, chosen] = [frenchMonth(offered[0]!), frenchMonth(offered[23]!)];
    const current = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });
    expect(options).not.toContain(current.format(new Date()));
    expect(options).toHaveLength(24);
    expect(options[0]).toBe(latest);
    await user.click(screen.getByRole('option', { name: chosen }));
    const mois = offered[23]!;

    await user.click(within(section).getByRole('button', { name: 'Émettre le récapitulatif' }));
    const dialog = await screen.findByRole('dialog', { name: `Émettre le récapitulatif de ${chosen} ?` });
    expect(calls(fetchMock, 'POST', '/api/structures/101/recapitulatifs')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Émettre' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      `Récapitulatif n° RM-2026-08-000011 de ${chosen} émis.`,
    );
    const [, init] = calls(fetchMock, 'POST', '/api/structures/101/recapitulatifs')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ mois });
    const table = screen.getByRole('table', { name: 'Récapitulatifs mensuels émis' });
    expect(await within(table).findByRole('rowheader', { name: chosen })).toBeInTheDocument();
  });

  it('shows the server’s French refusal', async () => {
    const message = 'Ce mois n’est pas encore terminé.';
    const { user } = open(writer, {
      'POST /api/structures/101/recapitulatifs': () => jsonResponse({ message }, 400),
    });
    const section = await screen.findByRole('region', { name: 'Émettre le récapitulatif' });
    await user.click(within(section).getByRole('button', { name: 'Émettre le récapitulatif' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Émettre' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(message);
  });

  it('is not offered without the write grant', async () => {
    open(reader);
    await screen.findByRole('table', { name: 'Récapitulatifs mensuels émis' });
    expect(screen.queryByRole('region', { name: 'Émettre le récapitulatif' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Émettre le récapitulatif' })).toBeNull();
  });
});

describe('Récapitulatif mensuel: receiving it by e-mail', () => {
  const emailSwitch = () => screen.findByRole('switch', { name: 'Recevoir le récapitulatif par e-mail' });

  it('turns the e-mailing on, showing the E-mail de facturation', async () => {
    const { fetchMock, user } = open(writer, {
      'PUT /api/structures/101/recapitulatifs/abonnement': () => jsonResponse({ abonnementEmail: true }),
    });
    const toggle = await emailSwitch();
    expect(toggle).toHaveAccessibleDescription('E-mail de facturation : tresorier@club-alpin-lyon.fr');
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const [, init] = calls(fetchMock, 'PUT', '/api/structures/101/recapitulatifs/abonnement')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ abonnementEmail: true });
  });

  it('is disabled, with the reason, when the structure has no e-mail', async () => {
    open(writer, { [LIST_PATH]: () => jsonResponse({ ...LIST, emailFacturation: null }) });
    const toggle = await emailSwitch();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining('Aucun e-mail de facturation'));
  });

  it('is disabled without the write grant', async () => {
    open(reader);
    const toggle = await emailSwitch();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(
      expect.stringContaining('Vous n’avez pas le droit de modifier l’envoi par e-mail.'),
    );
  });
});

describe('Récapitulatif mensuel: the structure’s page', () => {
  it('lists the latest three on the structure’s page, with a link to the module', async () => {
    stubApi({
      [LIST_PATH]: () =>
        jsonResponse({
          ...LIST,
          recapitulatifs: ['2026-06', '2026-07', '2026-08', '2026-09'].map((mois, id) => ({
            ...LIST.recapitulatifs[0]!,
            id,
            mois,
          })),
        }),
    });
    renderWithSession(<StructureRecaps structureId={101} />, reader);
    const section = await screen.findByRole('region', { name: 'Récapitulatifs mensuels' });
    expect(await within(section).findByText('4 récapitulatifs émis')).toBeInTheDocument();
    expect(
      within(section)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['septembre 2026', 'août 2026', 'juillet 2026']);
    expect(within(section).getByRole('link', { name: 'Tous les récapitulatifs mensuels' })).toHaveAttribute(
      'href',
      PATH,
    );
  });
});

describe('pastMonths', () => {
  it('starts with the month before the current one in Paris and goes back', () => {
    expect(pastMonths(new Date('2026-11-30T23:30:00Z'), 3)).toEqual(['2026-11', '2026-10', '2026-09']);
    expect(pastMonths(new Date('2026-11-30T22:30:00Z'), 1)).toEqual(['2026-10']);
    expect(pastMonths(new Date('2026-01-15T12:00:00Z'), 2)).toEqual(['2025-12', '2025-11']);
  });
});
