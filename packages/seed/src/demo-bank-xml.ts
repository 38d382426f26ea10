/** The XML pieces of the demo's sample bank files (demo-bank-files.ts): camt.053 entries and balances. */
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
export const tag = (name: string, content: string) => `<${name}>${content}</${name}>`;
export const text = (name: string, value: string) => tag(name, escape(value));
export const euros = (cents: number) => (Math.abs(cents) / 100).toFixed(2);
/** SEPA's Latin character set, upper case, as banks print payer names (at most 70). */
export const bankText = (value: string, max = 140) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/?:().,'+ -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max);

export interface Entry {
  reference: string;
  day: string;
  cents: number;
  credit: boolean;
  family: [string, string];
  details: string;
  info: string;
}

export function entryXml(e: Entry): string {
  return tag(
    'Ntry',
    `<Amt Ccy="EUR">${euros(e.cents)}</Amt>` +
      tag('CdtDbtInd', e.credit ? 'CRDT' : 'DBIT') +
      tag('Sts', 'BOOK') +
      tag('BookgDt', tag('Dt', e.day)) +
      tag('ValDt', tag('Dt', e.day)) +
      text('AcctSvcrRef', e.reference) +
      tag(
        'BkTxCd',
        tag('Domn', tag('Cd', 'PMNT') + tag('Fmly', tag('Cd', e.family[0]) + tag('SubFmlyCd', e.family[1]))),
      ) +
      (e.details ? tag('NtryDtls', e.details) : '') +
      text('AddtlNtryInf', e.info),
  );
}

export function balanceXml(code: 'OPBD' | 'CLBD', cents: number, day: string): string {
  return tag(
    'Bal',
    tag('Tp', tag('CdOrPrtry', tag('Cd', code))) +
      `<Amt Ccy="EUR">${euros(cents)}</Amt>` +
      tag('CdtDbtInd', cents < 0 ? 'DBIT' : 'CRDT') +
      tag('Dt', tag('Dt', day)),
  );
}
