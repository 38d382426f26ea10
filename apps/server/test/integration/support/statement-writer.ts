import { escapeXml } from '@gdf/file-formats';
import { balanceXml } from '@gdf/seed';

/**
 * Writes bank statements for tests, the bench and e2e (R-BANK-01): camt.053.001.02/.08 as the
 * ISO 20022 message definition orders its elements (BkToCstmrStmt > Stmt > Bal, Ntry >
 * NtryDtls > TxDtls), and CFONB 120 records as the CFONB brochure places their fields.
 * The readers under test (parseCamt053, parseCfonb120) are the oracle: tests read back
 * what is written here.
 */
export interface WrittenEntry {
  reference: string;
  bookingDate: string;
  amountCents: number;
  direction: 'credit' | 'debit';
  /** camt.053 Sts; CFONB 120 entries are all booked. */
  status?: 'BOOK' | 'PDNG';
  label?: string;
  remittance?: string[];
  endToEndIds?: string[];
  debtorName?: string;
  debtorIban?: string;
  batch?: { messageId: string; paymentInfoId?: string; count: number };
}

export interface WrittenStatement {
  id: string;
  /** IBAN (camt.053); a French IBAN's BBAN is used for CFONB 120. */
  iban: string;
  fromDate: string;
  toDate: string;
  openingCents: number;
  entries: WrittenEntry[];
}

export const closingCents = (statement: WrittenStatement) =>
  statement.openingCents +
  statement.entries
    .filter((entry) => (entry.status ?? 'BOOK') === 'BOOK')
    .reduce((sum, entry) => sum + (entry.direction === 'credit' ? entry.amountCents : -entry.amountCents), 0);

const euros = (cents: number) => (Math.abs(cents) / 100).toFixed(2);
const tag = (name: string, content: string | undefined) =>
  content === undefined ? '' : `<${name}>${content}</${name}>`;
const text = (name: string, value: string | undefined) => (value === undefined ? '' : tag(name, escapeXml(value)));

function entryXml(entry: WrittenEntry, version: '02' | '08'): string {
  const status = entry.status ?? 'BOOK';
  const debtor = (name: string) => (version === '08' ? tag('Pty', text('Nm', name)) : text('Nm', name));
  const ids = entry.endToEndIds?.length ? entry.endToEndIds : [undefined];
  const transactions = ids
    .map((endToEndId, index) =>
      tag(
        'TxDtls',
        tag('Refs', text('EndToEndId', endToEndId ?? 'NOTPROVIDED')) +
          (entry.debtorName || entry.debtorIban
            ? tag(
                'RltdPties',
                (entry.debtorName ? tag('Dbtr', debtor(entry.debtorName)) : '') +
                  (entry.debtorIban ? tag('DbtrAcct', tag('Id', text('IBAN', entry.debtorIban))) : ''),
              )
            : '') +
          (index === 0 && entry.remittance?.length
            ? tag('RmtInf', entry.remittance.map((line) => text('Ustrd', line)).join(''))
            : ''),
      ),
    )
    .join('');
  const batch = entry.batch
    ? tag(
        'Btch',
        text('MsgId', entry.batch.messageId) +
          text('PmtInfId', entry.batch.paymentInfoId) +
          tag('NbOfTxs', String(entry.batch.count)),
      )
    : '';
  return tag(
    'Ntry',
    `<Amt Ccy="EUR">${euros(entry.amountCents)}</Amt>` +
      tag('CdtDbtInd', entry.direction === 'credit' ? 'CRDT' : 'DBIT') +
      (version === '08' ? tag('Sts', tag('Cd', status)) : tag('Sts', status)) +
      tag('BookgDt', tag('Dt', entry.bookingDate)) +
      tag('ValDt', tag('Dt', entry.bookingDate)) +
      text('AcctSvcrRef', entry.reference) +
      tag('BkTxCd', tag('Domn', tag('Cd', 'PMNT') + tag('Fmly', tag('Cd', 'RCDT') + tag('SubFmlyCd', 'ESCT')))) +
      tag('NtryDtls', batch + transactions) +
      text('AddtlNtryInf', entry.label),
  );
}

export function camt053Xml(statements: readonly WrittenStatement[], version: '02' | '08' = '08'): Buffer {
  const body = statements
    .map((statement) =>
      tag(
        'Stmt',
        text('Id', statement.id) +
          tag('CreDtTm', `${statement.toDate}T20:00:00+01:00`) +
          tag('Acct', tag('Id', text('IBAN', statement.iban)) + tag('Ccy', 'EUR')) +
          balanceXml('OPBD', statement.openingCents, statement.fromDate) +
          balanceXml('CLBD', closingCents(statement), statement.toDate) +
          statement.entries.map((entry) => entryXml(entry, version)).join(''),
      ),
    )
    .join('');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}">` +
      tag(
        'BkToCstmrStmt',
        tag(
          'GrpHdr',
          text('MsgId', `MSG-${statements[0]?.id ?? 'VIDE'}`) + tag('CreDtTm', '2026-11-23T20:00:00+01:00'),
        ) + body,
      ) +
      '</Document>\n',
    'utf8',
  );
}

/** JJMMAA. */
const cfonbDay = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;

/** 14 positions, 2 decimals, the last digit overpunched with the sign. */
function cfonbAmount(cents: number): string {
  const digits = String(Math.abs(cents)).padStart(14, '0');
  const last = Number(digits.at(-1));
  return digits.slice(0, 13) + (cents < 0 ? '}JKLMNOPQR' : '{ABCDEFGHI')[last]!;
}

/** Places fields at their 1-based positions in a 120-character record. */
function record(fields: [start: number, value: string][]): string {
  const chars = Array<string>(120).fill(' ');
  for (const [start, value] of fields) [...value].forEach((char, index) => (chars[start - 1 + index] = char));
  return chars.join('');
}

export function cfonb120Text(statements: readonly WrittenStatement[]): Buffer {
  const lines: string[] = [];
  for (const statement of statements) {
    const bban = statement.iban.replace(/\s/g, '').slice(4);
    const common = (code: string): [number, string][] => [
      [1, code],
      [3, bban.slice(0, 5)],
      [12, bban.slice(5, 10)],
      [17, 'EUR'],
      [20, '2'],
      [22, bban.slice(10, 21)],
    ];
    lines.push(
      record([...common('01'), [35, cfonbDay(statement.fromDate)], [91, cfonbAmount(statement.openingCents)]]),
    );
    statement.entries.forEach((entry, index) => {
      const signed = entry.direction === 'credit' ? entry.amountCents : -entry.amountCents;
      lines.push(
        record([
          ...common('04'),
          [33, '05'],
          [35, cfonbDay(entry.bookingDate)],
          [43, cfonbDay(entry.bookingDate)],
          [49, (entry.label ?? 'VIR SEPA RECU').slice(0, 31)],
          [82, String(index + 1).padStart(7, '0')],
          [91, cfonbAmount(signed)],
        ]),
      );
      const detail = (qualifier: string, value: string) =>
        lines.push(
          record([
            ...common('05'),
            [33, '05'],
            [35, cfonbDay(entry.bookingDate)],
            [46, qualifier],
            [49, value.slice(0, 70)],
          ]),
        );
      for (const line of entry.remittance ?? []) detail('LIB', line);
      for (const id of entry.endToEndIds ?? []) detail('RCN', id.padEnd(35, ' '));
      if (entry.debtorName) detail('NPY', entry.debtorName);
      if (entry.debtorIban) detail('IPY', entry.debtorIban.padEnd(35, ' '));
    });
    lines.push(record([...common('07'), [35, cfonbDay(statement.toDate)], [91, cfonbAmount(closingCents(statement))]]));
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}
