import { fireEvent, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEPA_WRITE, type BankEntryView } from '@gdf/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headOfficeMe } from '@/test/fixtures';
import { renderWithSession } from '@/test/render-with-session';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { BankEntryItem } from './BankEntryItem';
import { BankSplitDialog } from './BankSplitDialog';
import { creditToProcess, creditWithPayer, flux, reconciledCredit } from './test-data';

const withGrant = { ...headOfficeMe(['export__sepa']), grants: { '1318': [SEPA_WRITE] } };
const CONFIRM = 'POST /api/exports/sepa/releves/ecritures/41/rapprochement';

afterEach(() => vi.unstubAllGlobals());

/** Testing-library's default normaliser keeps the narrow no-break spaces of fr-FR amounts. */
const spaces = (text: string | null | undefined) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

function renderEntry(entry: BankEntryView, bodies: unknown[] = []) {
  stubApi({
    [CONFIRM]: async (request) => {
      bodies.push(await request.json());
      return jsonResponse(reconciledCredit());
    },
  });
  const onDone = vi.fn();
  renderWithSession(
    <ul>
      <BankEntryItem entry={entry} structureId={1318} canWrite onDone={onDone} />
    </ul>,
    withGrant,
  );
  // R-UI-18: the entry is one compact row; its proposals unfold on demand.
  fireEvent.click(screen.getByRole('button', { name: /^Détail : / }));
  return { onDone, bodies };
}

const proposalItems = () =>
  within(screen.getByRole('list', { name: /^Propositions pour le crédit de/ })).getAllByRole('listitem');

describe('R-BANK-09: the identified payer shown on the entry', () => {
  it('names the payer and how it was identified: IBAN, nom, référence', () => {
    renderEntry(creditWithPayer());
    expect(screen.getByText('Payeur identifié : ASPTT Lyon montagne (par IBAN, nom, référence)')).toBeInTheDocument();
  });

  it("links the payer and each proposed flux to its structure's page (R-BAL-01)", () => {
    renderEntry(creditWithPayer());
    // The payer's line, then its flux first among the proposals: both lead to the same page.
    const [payerLink] = screen.getAllByRole('link', { name: '(voir la situation de ASPTT Lyon montagne)' });
    expect(payerLink!.getAttribute('href')).toMatch(/^\/gestion-des-finances\/structures\/\d+\/situation/);
    const [best, other] = proposalItems();
    expect(
      within(best!)
        .getByRole('link', { name: /^\(voir la situation de / })
        .getAttribute('href'),
    ).toBe(payerLink!.getAttribute('href'));
    expect(
      within(other!)
        .getByRole('link', { name: /^\(voir la situation de / })
        .getAttribute('href'),
    ).not.toBe(payerLink!.getAttribute('href'));
  });

  it('says when no payer is identified', () => {
    renderEntry(creditToProcess());
    expect(screen.getByText('Payeur non identifié')).toBeInTheDocument();
  });

  it("the manual search reads 'Rechercher un flux' while nothing is reconciled", () => {
    renderEntry(creditWithPayer());
    expect(screen.getByRole('button', { name: /^Rechercher un flux pour le crédit de 142,80/ })).toHaveTextContent(
      'Rechercher un flux',
    );
  });
});

describe("R-BANK-10: another structure's flux is never highlighted and asks before it is sent", () => {
  it("the payer's flux is highlighted; the other club's is marked and not", () => {
    renderEntry(creditWithPayer());
    const [best, other] = proposalItems();
    expect(within(best!).getByRole('button', { name: 'Rapprocher de Facture 2027-FFME-49758' })).toHaveClass(
      'MuiButton-contained',
    );
    expect(within(other!).getByText('Autre structure que le payeur')).toBeInTheDocument();
    expect(within(other!).getByRole('button', { name: 'Rapprocher de Facture 2027-FFME-49001' })).toHaveClass(
      'MuiButton-outlined',
    );
  });

  it("no proposal is highlighted when only other structures' flux are proposed", () => {
    const entry = creditWithPayer();
    renderEntry({ ...entry, propositions: entry.propositions.slice(1) });
    expect(screen.getByRole('button', { name: 'Rapprocher de Facture 2027-FFME-49001' })).toHaveClass(
      'MuiButton-outlined',
    );
  });

  it("confirming the other club's flux asks 'Le payeur identifié est … ; ce flux appartient à …' before sending", async () => {
    const user = userEvent.setup();
    const { bodies, onDone } = renderEntry(creditWithPayer());
    const other = proposalItems()[1]!;
    await user.click(within(other).getByRole('button', { name: 'Rapprocher de Facture 2027-FFME-49001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rapprocher le flux d’une autre structure ?' });
    expect(dialog).toHaveTextContent(
      'Le payeur identifié est ASPTT Lyon montagne ; ce flux appartient à ASPTT Gautier-sur-Seine.',
    );
    expect(bodies).toEqual([]);
    // Cancelled: nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitForElementToBeRemoved(dialog);
    expect(bodies).toEqual([]);
    // Asked again and confirmed: sent with the acknowledgement.
    await user.click(within(other).getByRole('button', { name: 'Rapprocher de Facture 2027-FFME-49001' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Rapprocher le flux d’une autre structure ?' })).getByRole(
        'button',
        { name: 'Rapprocher quand même' },
      ),
    );
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies).toEqual([
      { parts: [{ ID_FluxFinancier: 49001, montantCents: 14_280 }], autreStructureConfirmee: true },
    ]);
  });

  it("the payer's own flux is sent at once, without asking", async () => {
    const user = userEvent.setup();
    const { bodies, onDone } = renderEntry(creditWithPayer());
    await user.click(screen.getByRole('button', { name: 'Rapprocher de Facture 2027-FFME-49758' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodies).toEqual([{ parts: [{ ID_FluxFinancier: 49758, montantCents: 14_280 }] }]);
  });

  it('the search dialog asks too when a chosen flux is of another structure', async () => {
    const bodies: unknown[] = [];
    stubApi({
      [CONFIRM]: async (request) => {
        bodies.push(await request.json());
        return jsonResponse(reconciledCredit());
      },
    });
    const entry = creditWithPayer();
    const onConfirmed = vi.fn();
    renderWithSession(
      <BankSplitDialog
        entry={{ ...entry, propositions: entry.propositions.slice(1) }}
        amount="142,80 €"
        structureId={1318}
        onClose={() => {}}
        onConfirmed={onConfirmed}
      />,
      withGrant,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rapprocher' }));
    expect(
      await screen.findByText(
        /Le payeur identifié est ASPTT Lyon montagne ; ce flux appartient à ASPTT Gautier-sur-Seine\./,
      ),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Rapprocher quand même' }));
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalled());
    expect(bodies).toEqual([
      { parts: [{ ID_FluxFinancier: 49001, montantCents: 14_280 }], autreStructureConfirmee: true },
    ]);
  });
});

describe("R-BANK-11: a batch's credit with the debit of its rejects, and what parts leave", () => {
  it("shows the rejects' debit and the rest it explains", () => {
    const batchFlux = flux({ ID_FluxFinancier: 700, numeroFacture: '2027-FFME-700', resteDuCents: 11_654_280 });
    renderEntry(
      creditToProcess({
        montantCents: 12_305_160,
        propositions: [
          {
            flux: [batchFlux],
            resteDuCents: 11_654_280,
            score: 100,
            confiance: 'sure',
            raisons: ['lot', 'montant_lot', 'rejets_lot'],
            autreStructure: false,
            debitRejets: { id: 99, montantCents: 650_880, dateComptable: '2026-11-20' },
          },
        ],
      }),
    );
    const [proposal] = proposalItems();
    expect(spaces(proposal!.textContent)).toContain('Débit des rejets du lot : 6 508,80 € le 20/11/2026');
    expect(spaces(proposal!.textContent)).toContain(
      'Reste non affecté : 6 508,80 €, expliqué par le débit des rejets du lot du 20/11/2026',
    );
  });

  it("a reconciled credit whose parts do not cover it shows 'Reste non affecté'", () => {
    const entry = reconciledCredit();
    renderEntry({
      ...entry,
      rapprochement: { ...entry.rapprochement!, parts: [{ ...entry.rapprochement!.parts[0]!, montantCents: 100_000 }] },
    });
    expect(spaces(screen.getByText(/^Reste non affecté/).textContent)).toBe('Reste non affecté : 234,56 €');
  });
});
