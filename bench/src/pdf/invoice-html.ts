import type { InvoiceDocument } from '@gdf/domain';

/**
 * The same invoice as HTML, laid out like the PDF (A4 portrait at 96 dpi = 794 px wide), for
 * the original's path: html2pdf.js in the browser. Bench only, never in the product.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const lines = (items: string[]) => items.map((item) => `<div>${escape(item)}</div>`).join('');

export function invoiceHtml(invoice: InvoiceDocument): string {
  const rows = invoice.rows
    .map(
      (row) => `<tr>${row.map((cell, i) => `<td class="${i === 0 ? '' : 'num'}">${escape(cell)}</td>`).join('')}</tr>`,
    )
    .join('');
  const pairs = (items: Array<[string, string]>) =>
    items.map(([label, value]) => `<tr><th>${escape(label)}</th><td>${escape(value)}</td></tr>`).join('');
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><style>
  body { margin: 0; font-family: 'DejaVu Sans', sans-serif; color: #1d1d1f; }
  #invoice { width: 794px; min-height: 1123px; box-sizing: border-box; padding: 64px; font-size: 12px; position: relative; }
  .head { display: flex; justify-content: space-between; }
  .block .heading { font-size: 10px; font-weight: bold; color: #5f6368; text-transform: uppercase; }
  .block .name { font-size: 15px; font-weight: bold; }
  h1 { margin: 0; font-size: 34px; color: #1f3a5f; text-align: right; }
  .refs th { text-align: left; font-weight: normal; color: #5f6368; padding-right: 24px; }
  .refs td { text-align: right; font-weight: bold; }
  .buyer { margin: 28px 0 0 50%; border-left: 4px solid #1f3a5f; padding-left: 12px; }
  table.lines { width: 100%; border-collapse: collapse; margin-top: 32px; }
  table.lines th { background: #1f3a5f; color: #fff; text-align: left; padding: 7px; }
  table.lines td { padding: 7px; border-bottom: 1px solid #c9d1dc; }
  .num { text-align: right; }
  table.totals { margin: 16px 0 0 auto; }
  table.totals th { text-align: left; font-weight: normal; color: #5f6368; padding-right: 60px; }
  table.totals td { text-align: right; font-weight: bold; }
  .note { color: #5f6368; margin-top: 18px; }
  .paid { margin-top: 12px; border: 1px solid #2e7d32; color: #2e7d32; font-weight: bold; text-align: center; padding: 6px; }
  .terms { margin-top: 20px; font-size: 11px; }
  .terms h2 { font-size: 13px; color: #1f3a5f; margin: 0 0 6px; }
  .legal { margin-top: 16px; border-top: 1px solid #c9d1dc; font-size: 10px; color: #5f6368; }
  .footer { position: absolute; bottom: 40px; left: 64px; right: 64px; text-align: center; font-size: 10px; color: #5f6368; }
</style></head><body><div id="invoice">
  <div class="head">
    <div class="block"><div class="heading">${escape(invoice.seller.heading)}</div>
      <div class="name">${escape(invoice.seller.name)}</div>${lines(invoice.seller.lines)}</div>
    <div><h1>${invoice.title}</h1><table class="refs">${pairs(invoice.references)}</table></div>
  </div>
  <div class="block buyer"><div class="heading">${escape(invoice.buyer.heading)}</div>
    <div class="name">${escape(invoice.buyer.name)}</div>${lines(invoice.buyer.lines)}</div>
  <table class="lines"><thead><tr>${invoice.columns
    .map((column, i) => `<th class="${i === 0 ? '' : 'num'}">${escape(column)}</th>`)
    .join('')}</tr></thead><tbody>${rows}</tbody></table>
  <table class="totals">${pairs(invoice.totals)}</table>
  <div class="note">${escape(invoice.vatNote)}</div>
  ${invoice.citation ? `<div class="note"><b>${escape(invoice.citation)}</b></div>` : ''}
  ${invoice.operation.length > 0 ? `<div class="note">${lines(invoice.operation)}</div>` : ''}
  ${invoice.paidNote ? `<div class="paid">${escape(invoice.paidNote)}</div>` : ''}
  ${[invoice.paymentTerms, invoice.preNotification]
    .map((section) =>
      section
        ? `<div class="terms"><h2>${escape(section.heading)}</h2>${section.lines.map((line) => `<p>${escape(line)}</p>`).join('')}</div>`
        : '',
    )
    .join('')}
  ${invoice.legalFooter.length > 0 ? `<div class="legal">${invoice.legalFooter.map((line) => `<p>${escape(line)}</p>`).join('')}</div>` : ''}
  <div class="footer">${escape(invoice.pageFoot)}</div>
</div></body></html>`;
}
