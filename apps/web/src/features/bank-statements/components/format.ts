import { formatEuros, type BankMatchFlux } from '@gdf/domain';
import { formatDate } from '@/lib/format';
import { bankStatementMessages as m } from '../messages';

/** 'le 05/03/2026' or 'du 01/03/2026 au 31/03/2026'. */
export const periodText = (from: string, to: string) => m.periodText(formatDate(from), formatDate(to));

/** '+ 1 234,56 €' for a credit, '− 12,00 €' for a debit. */
export const signedAmount = (cents: number, direction: 'credit' | 'debit') =>
  `${direction === 'credit' ? '+' : '−'} ${formatEuros(cents)}`;

/** 'Facture 2026-FFME-123 · Club alpin · Licence adulte · reste dû 60,00 €'. */
export const fluxText = (flux: BankMatchFlux) =>
  [m.invoice(flux.numeroFacture), flux.NomStructure, flux.NomFluxFinancier, m.due(formatEuros(flux.resteDuCents))].join(
    ' · ',
  );
