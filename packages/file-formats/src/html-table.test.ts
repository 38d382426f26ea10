import { describe, expect, it } from 'vitest';
import { escapeHtml, htmlCell, htmlTableChunks, toHtmlTable } from './html-table';

describe('xls / html document (R-EXP-01: HTML table with the Microsoft Office namespaces)', () => {
  const html = toHtmlTable([{ a: 1 }]);
  it('declares the Office namespaces and UTF-8', () => {
    expect(html).toContain(
      '<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel" xmlns="http://www.w3.org/TR/REC-html40">',
    );
    expect(html).toContain('charset=UTF-8');
    expect(html.endsWith('</table></body></html>')).toBe(true);
  });
  it('names the worksheet in x:ExcelWorkbook / x:WorksheetOptions, Sheet1 by default', () => {
    expect(html).toMatch(/<x:ExcelWorksheet><x:Name>Sheet1<\/x:Name><x:WorksheetOptions>/);
    expect(toHtmlTable([{ a: 1 }], { worksheet: 'Flux <2024>' })).toContain('<x:Name>Flux &lt;2024&gt;</x:Name>');
  });
  it('puts header lines in thead with a colspan over every column and footer lines in tfoot', () => {
    const document = toHtmlTable([{ a: 1, b: 2 }], { header: ['Titre', 'Sous-titre'], footer: 'Total' });
    expect(document).toContain(
      '<thead><tr><th colspan="2">Titre</th></tr><tr><th colspan="2">Sous-titre</th></tr><tr><th>a</th><th>b</th></tr></thead>',
    );
    expect(document).toContain('<tfoot><tr><td colspan="2">Total</td></tr></tfoot>');
  });
  it('writes no tfoot without footer', () => {
    expect(html).not.toContain('<tfoot>');
  });
});

describe('cells (R-EXP-09: HTML-escaped, formula injection neutralised)', () => {
  it('escapes HTML in values, labels and header lines', () => {
    const document = toHtmlTable([{ '<b>': '<script>alert("x")</script> & co' }], { header: '<i>' });
    expect(document).toContain('<th>&lt;b&gt;</th>');
    expect(document).toContain('<td class="text">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</td>');
    expect(document).toContain('&lt;i&gt;');
    expect(document).not.toContain('<script>');
  });
  it('neutralises text starting with = + - @ and keeps negative numbers as numbers', () => {
    expect(htmlCell('=1+1')).toBe('<td class="text">&#39;=1+1</td>');
    expect(htmlCell('@cmd')).toBe('<td class="text">&#39;@cmd</td>');
    expect(htmlCell(-12.5)).toBe('<td x:num="-12.5">-12,5</td>');
  });
  it('keeps line breaks inside the cell', () => {
    expect(htmlCell('ligne 1\nligne 2')).toBe('<td class="text">ligne 1<br/>ligne 2</td>');
  });
  it('marks dates with their Excel serial and the JJ/MM/AAAA HH:MM format, midnight included', () => {
    expect(htmlCell(new Date('2024-03-01T00:00:00+01:00'))).toBe(
      '<td class="datetime" x:num="45352">01/03/2024 00:00</td>',
    );
    expect(htmlCell(new Date('2024-03-01T12:00:00+01:00'))).toBe(
      '<td class="datetime" x:num="45352.5">01/03/2024 12:00</td>',
    );
  });
  it('gives text cells the text format, so digits keep their leading zero (R-EXP-12)', () => {
    expect(htmlCell('086002')).toBe('<td class="text">086002</td>');
    expect(toHtmlTable([{ n: 1 }])).toContain('.text{mso-number-format:"\\@";}');
  });
  it('shows numbers with a decimal comma, amount columns with two decimals and their format', () => {
    expect(htmlCell(1747.2, {}, true)).toBe('<td class="amount" x:num="1747.2">1747,20</td>');
    const document = toHtmlTable([{ Débit: 5, n: 5 }], { amountColumns: ['Débit'] });
    expect(document).toContain('<tr><td class="amount" x:num="5">5,00</td><td x:num="5">5</td></tr>');
  });
  it('stringifyLongNum: long numbers get the text format, others stay numbers (R-EXP-08)', () => {
    expect(htmlCell(123456789012, { stringifyLongNum: true })).toBe('<td class="text">123456789012</td>');
    expect(htmlCell(123456789012)).toBe('<td x:num="123456789012">123456789012</td>');
    expect(htmlCell(0, { stringifyLongNum: true })).toBe('<td x:num="0">0</td>');
  });
  it('writes empty cells for null', () => {
    expect(htmlCell(null)).toBe('<td></td>');
    expect(escapeHtml(`'"`)).toBe('&#39;&quot;');
  });
});

describe('htmlTableChunks (progress-capable generation)', () => {
  it('yields chunks with the running row count', () => {
    const rows = Array.from({ length: 3 }, (_, index) => [index]);
    expect([...htmlTableChunks({ columns: ['n'], rows }, {}, 2)].map((chunk) => chunk.rowsDone)).toEqual([2, 3, 3]);
  });
});
