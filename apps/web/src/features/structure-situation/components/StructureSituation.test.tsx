import type { StructureSituation as Situation } from '@gdf/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { DESKTOP, PHONE, setViewport } from '@/test/viewport';
import { downloadReminder } from '../api/download-reminder';
import { fetchStructureSituation } from '../api/fetch-structure-situation';
import { StructureSituation } from './StructureSituation';

vi.mock('../api/fetch-structure-situation', () => ({ fetchStructureSituation: vi.fn() }));
vi.mock('../api/download-reminder', () => ({ downloadReminder: vi.fn() }));
const fetchSituation = vi.mocked(fetchStructureSituation);
const download = vi.mocked(downloadReminder);

afterEach(() => {
  vi.resetAllMocks();
  setViewport(DESKTOP.width, DESKTOP.height);
});

const allowed = { allowed: true, reason: null };
const SITUATION: Situation = {
  structure: { id: 110, name: 'ASPTT Lyon montagne', federalCode: '069110', typeId: 1, typeName: 'Club' },
  asOf: '2026-11-28',
  balance: 123_456,
  ageing: {
    buckets: {
      '0-30': { count: 1, amount: 10_000 },
      '31-60': { count: 0, amount: 0 },
      '61-90': { count: 0, amount: 0 },
      '90+': { count: 1, amount: 100_000 },
    },
    total: 110_000,
    notDue: 15_456,
    credits: -2_000,
  },
  openFlux: [
    {
      fluxId: 49758,
      invoiceNumber: '2027-FFME-49758',
      label: 'Licence jeune 2027 - Vincent Narcisse',
      date: '2026-09-01',
      dueDate: '2026-10-01',
      isDebit: true,
      amount: 14_280,
      resteDu: 14_280,
      status: 'rejete',
      daysLate: 58,
    },
  ],
  openFluxCount: 1,
  settled: [
    {
      fluxId: 40001,
      invoiceNumber: '2026-FFME-40001',
      label: 'Affiliation 2026',
      date: '2025-09-10',
      isDebit: true,
      amount: 50_000,
      settledOn: '2025-10-02',
    },
  ],
  settlementParts: [],
  returns: [
    {
      fluxId: 49758,
      invoiceNumber: '2027-FFME-49758',
      label: 'Licence jeune 2027 - Vincent Narcisse',
      amount: 14_280,
      type: 'rejet',
      date: '2026-10-05',
      reasonCode: 'AM04',
      reason: 'Provision insuffisante',
      status: 'rejete',
    },
  ],
  relaunches: [],
  reminders: [
    {
      id: 7,
      level: 1,
      levelLabel: 'Rappel amiable',
      date: '2026-11-02',
      total: 14_280,
      fileName: 'relance-7.pdf',
      senderName: 'Fédération',
      fluxCount: 1,
    },
  ],
  statements: [],
  bank: { ribs: [], mandateProblem: 'sans_rib', mandateLabel: 'Aucun RIB enregistré' },
  overdueRow: null,
  actions: { accountStatement: allowed, documentPack: allowed, reminder: allowed, reminderDownload: allowed },
};

const me = headOfficeMe(['gestion_des_finances__flux_financiers']);
const open = () =>
  renderWithSession(
    <StructureSituation structureId={110} renderActions={() => <button type="button">Relevé de compte</button>} />,
    me,
  );

describe('Situation de la structure', () => {
  it('shows loading, then the balance labelled Reste dû, the ageing and every section', async () => {
    fetchSituation.mockResolvedValue(SITUATION);
    open();
    expect(screen.getAllByRole('progressbar', { name: 'Chargement de la situation de la structure…' }).length).toBe(1);
    const balance = await screen.findByRole('region', { name: 'Solde' });
    expect(fetchSituation).toHaveBeenCalledWith(110, me.memberships[0]!.structureId, expect.anything());
    expect(within(balance).getByRole('status')).toHaveTextContent('Reste dû1 234,56 €');
    expect(within(balance).getByText(/au 28\/11\/2026/)).toHaveTextContent('Solde du relevé');
    const ageing = within(balance).getByRole('table', { name: 'Montants échus par ancienneté de retard' });
    expect(within(ageing).getByRole('row', { name: /Plus de 90 jours/ })).toHaveTextContent(
      'Plus de 90 jours11 000,00 €',
    );
    expect(within(ageing).getByRole('row', { name: /Non échu/ })).toHaveTextContent('Non échu154,56 €');
    expect(within(ageing).getByRole('row', { name: /Dû à la structure/ })).toHaveTextContent('-20,00 €');
    for (const title of [
      'Flux ouverts',
      'Règlements récents',
      'Rejets de prélèvement et relances',
      'Lettres de relance envoyées',
      'Relevés de compte émis',
      'RIB et mandat de prélèvement',
    ])
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    const openTable = screen.getByRole('table', { name: 'Flux ouverts et leur reste dû' });
    expect(within(openTable).getByRole('row', { name: /2027-FFME-49758/ })).toHaveTextContent(
      '2027-FFME-49758Licence jeune 2027 - Vincent Narcisse01/09/202601/10/2026 · 58 jours de retardRejeté142,80 €142,80 €',
    );
    expect(screen.getByText('Code fédéral 069110 · Club')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Actions' })).toContainElement(
      screen.getByRole('button', { name: 'Relevé de compte' }),
    );
  });

  it('says when a section is empty, in French', async () => {
    fetchSituation.mockResolvedValue(SITUATION);
    open();
    await screen.findByRole('region', { name: 'Solde' });
    expect(screen.getByText('Aucun encaissement bancaire rapproché.')).toBeInTheDocument();
    expect(screen.getByText('Aucun flux relancé.')).toBeInTheDocument();
    expect(screen.getByText('Aucun relevé de compte émis.')).toBeInTheDocument();
    expect(screen.getByText('Aucun RIB enregistré.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Aucun RIB enregistré');
  });

  it('shows the server’s refusal for a structure out of scope, without retry', async () => {
    fetchSituation.mockRejectedValue(new ApiError(404, 'Structure introuvable', { message: 'Structure introuvable' }));
    open();
    expect(await screen.findByText('Structure introuvable')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });

  it('offers Réessayer after a failure, and loads again from the keyboard', async () => {
    fetchSituation.mockRejectedValueOnce(new ApiError(500, undefined, null)).mockResolvedValue(SITUATION);
    const user = userEvent.setup();
    open();
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    retry.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: 'Solde' })).toBeInTheDocument();
  });

  it('downloads a reminder letter sent when allowed, and has no such button otherwise', async () => {
    fetchSituation.mockResolvedValue(SITUATION);
    download.mockResolvedValue();
    const user = userEvent.setup();
    const view = open();
    await user.click(await screen.findByRole('button', { name: 'Télécharger la lettre de relance du 02/11/2026' }));
    expect(download).toHaveBeenCalledWith(7, me.memberships[0]!.structureId, 'relance-7.pdf');
    view.unmount();

    fetchSituation.mockResolvedValue({
      ...SITUATION,
      actions: { ...SITUATION.actions, reminderDownload: { allowed: false, reason: 'non' } },
    });
    open();
    await screen.findByRole('region', { name: 'Solde' });
    expect(screen.queryByRole('button', { name: /Télécharger la lettre de relance/ })).not.toBeInTheDocument();
  });

  it('reads as cards on a phone: no table runs past the screen', async () => {
    setViewport(PHONE.width, PHONE.height);
    fetchSituation.mockResolvedValue(SITUATION);
    open();
    await screen.findByRole('region', { name: 'Solde' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Flux ouverts et leur reste dû' });
    expect(within(list).getByText('Reste dû')).toBeInTheDocument();
    expect(within(list).getByText('2027-FFME-49758')).toBeInTheDocument();
  });
});
