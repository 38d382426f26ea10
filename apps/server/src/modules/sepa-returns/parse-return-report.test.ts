import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-errors';
import { parseReturnReport } from './parse-return-report';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/sepa-returns');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

function refusal(bytes: Buffer): HttpError {
  try {
    parseReturnReport(bytes);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('bank return reports (ISO 20022 pain.002 and camt.054), read by local names', () => {
  it('pain.002.001.03 (EPC subset): transaction rejects (TxSts RJCT) with their StsRsnInf reason', () => {
    const report = parseReturnReport(fixture('pain.002.001.03.xml'));
    expect(report.format).toBe('pain.002.001.03');
    expect(report.ignored).toBe(0);
    expect(report.returns).toEqual([
      { endToEndId: '{{E2E_A}}', code: 'AM04', amountCents: 4500, currency: 'EUR', date: '2026-03-10', type: 'rejet' },
      { endToEndId: '{{E2E_B}}', code: 'AC04', amountCents: 3050, currency: 'EUR', date: '2026-03-10', type: 'rejet' },
      {
        endToEndId: '{{E2E_ALREADY}}',
        code: 'MS02',
        amountCents: null,
        currency: null,
        date: '2026-03-10',
        type: 'rejet',
      },
      {
        endToEndId: 'GDF-999999-999999',
        code: 'AC01',
        amountCents: 9999,
        currency: 'EUR',
        date: '2026-03-10',
        type: 'rejet',
      },
    ]);
  });

  it('pain.002: a transaction with another status (ACCP, beyond the EPC subset) is counted as ignored', () => {
    const accepted =
      '<TxInfAndSts><StsId>PSR-000123-5</StsId><OrgnlEndToEndId>GDF-7-1</OrgnlEndToEndId><TxSts>ACCP</TxSts></TxInfAndSts>';
    const text = fixture('pain.002.001.03.xml')
      .toString('utf8')
      .replace('</OrgnlPmtInfAndSts>', `${accepted}</OrgnlPmtInfAndSts>`);
    const report = parseReturnReport(Buffer.from(text, 'utf8'));
    expect(report.ignored).toBe(1);
    expect(report.returns.map((item) => item.endToEndId)).not.toContain('GDF-7-1');
  });

  it('pain.002.001.10: a transaction without TxSts inherits its payment information status and reason', () => {
    const report = parseReturnReport(fixture('pain.002.001.10.xml'));
    expect(report.format).toBe('pain.002.001.10');
    expect(report.ignored).toBe(0);
    expect(report.returns.map((r) => [r.endToEndId, r.code, r.amountCents, r.date])).toEqual([
      ['{{E2E_A}}', 'MD01', 12000, '2027-01-12'],
      ['{{E2E_ALREADY}}', 'AM04', null, '2027-01-12'],
      ['NOTPROVIDED', 'RR04', null, '2027-01-12'],
      ['{{E2E_B}}', 'AG01', 800, '2027-01-12'],
    ]);
  });

  it('camt.054.001.02: returns (RtrInf) of batch and single entries, dated by booking day; plain debits ignored', () => {
    const report = parseReturnReport(fixture('camt.054.001.02.xml'));
    expect(report.format).toBe('camt.054.001.02');
    expect(report.ignored).toBe(1);
    expect(report.returns).toEqual([
      { endToEndId: '{{E2E_A}}', code: 'MD06', amountCents: 4500, currency: 'EUR', date: '2026-03-16', type: 'retour' },
      {
        endToEndId: 'REF-INCONNUE-42',
        code: 'AC06',
        amountCents: 3050,
        currency: 'EUR',
        date: '2026-03-16',
        type: 'retour',
      },
      { endToEndId: '{{E2E_B}}', code: 'MS03', amountCents: 1234, currency: 'EUR', date: '2026-03-17', type: 'retour' },
    ]);
  });

  it('camt.054.001.04: the same returns as .02, amounts from TxDtls/Amt', () => {
    const report = parseReturnReport(fixture('camt.054.001.04.xml'));
    expect(report.format).toBe('camt.054.001.04');
    expect({ ...report, format: 'camt.054.001.02' }).toEqual(parseReturnReport(fixture('camt.054.001.02.xml')));
  });

  it('camt.054.001.08: prefixed namespace, TxDtls/Amt, booking date-time', () => {
    const report = parseReturnReport(fixture('camt.054.001.08.xml'));
    expect(report.format).toBe('camt.054.001.08');
    expect(report.returns.map((r) => [r.endToEndId, r.code, r.amountCents, r.date])).toEqual([
      ['{{E2E_A}}', 'MD07', 10000, '2027-01-19'],
      ['{{E2E_ALREADY}}', 'AM04', 5000, '2027-01-19'],
      ['GDF-999999-999998', 'SL01', 2000, '2027-01-19'],
    ]);
  });

  it('refuses any DOCTYPE: external entities (XXE), internal entities, entity expansion', () => {
    const xxe = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>' +
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>&x;</CstmrPmtStsRpt></Document>',
    );
    expect(refusal(xxe).statusCode).toBe(400);
    expect(refusal(xxe).message).toMatch(/DOCTYPE/);
    const bomb = Buffer.from(
      '<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Document>&b;</Document>',
    );
    expect(refusal(bomb).message).toMatch(/DOCTYPE/);
    const external = Buffer.from('<!DOCTYPE Document SYSTEM "http://127.0.0.1/x.dtd"><Document/>');
    expect(refusal(external).message).toMatch(/DOCTYPE/);
    // Without a DTD an entity reference is simply undefined: refused, never resolved.
    const undefinedEntity = Buffer.from('<Document>&x;</Document>');
    expect(refusal(undefinedEntity).statusCode).toBe(400);
  });

  it('refuses files over 5 MB before reading them (413)', () => {
    const big = Buffer.concat([fixture('pain.002.001.03.xml'), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    const error = refusal(big);
    expect(error.statusCode).toBe(413);
    expect(error.message).toMatch(/5 Mo/);
  });

  it('refuses what is not a supported report, in French', () => {
    expect(refusal(Buffer.from('pas du XML')).message).toMatch(/XML valide/);
    expect(refusal(Buffer.from('<Document><Autre/></Document>')).message).toMatch(/pain\.002 ou .*camt\.054/);
    const pain008 = fixture('pain.002.001.03.xml').toString().replace('pain.002.001.03"', 'pain.002.001.05"');
    expect(refusal(Buffer.from(pain008)).message).toMatch(/Version non prise en charge \(pain\.002\.001\.05\)/);
    expect(refusal(Buffer.from([0x3c, 0x44, 0xff, 0xfe, 0x3e])).message).toMatch(/UTF-8/);
    const deep = `<Document>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</Document>`;
    expect(refusal(Buffer.from(deep)).message).toMatch(/imbrication/);
  });

  it('a pain.002 rejecting the whole file (GrpSts RJCT, no transaction) is refused, naming the batch to cancel', () => {
    const wholeFile = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>
  <GrpHdr><MsgId>BANK-1</MsgId><CreDtTm>2026-03-10T08:00:00</CreDtTm></GrpHdr>
  <OrgnlGrpInfAndSts><OrgnlMsgId>GDF-SEPA-42</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId>
    <GrpSts>RJCT</GrpSts><StsRsnInf><Rsn><Cd>FF01</Cd></Rsn></StsRsnInf></OrgnlGrpInfAndSts>
</CstmrPmtStsRpt></Document>`,
    );
    const error = refusal(wholeFile);
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain('GDF-SEPA-42');
    expect(error.message).toContain('Annuler le lot');
  });

  it('an amount beyond numeric(12,2) is dropped, never sent to the database, and kept as written (R-RET-05 anomaly)', () => {
    const text = fixture('pain.002.001.03.xml')
      .toString('utf8')
      .replace(/<InstdAmt Ccy="EUR">45.00<\/InstdAmt>/, '<InstdAmt Ccy="USD">12345678901.00</InstdAmt>');
    const report = parseReturnReport(Buffer.from(text));
    expect(report.returns[0]).toMatchObject({
      amountCents: null,
      currency: 'USD',
      unreadableAmount: '12345678901.00',
    });
  });

  it('R-BANK-08: an impossible date, or one outside 1900-2099, refuses the whole report (400, French)', () => {
    const pain002 = fixture('pain.002.001.03.xml').toString('utf8');
    const camt054 = fixture('camt.054.001.02.xml').toString('utf8');
    const cases: [string, string][] = [
      [
        pain002.replace(/<CreDtTm>[^<]*<\/CreDtTm>/, '<CreDtTm>2026-02-30T08:00:00</CreDtTm>'),
        'Rapport bancaire refusé : date de création (GrpHdr/CreDtTm) « 2026-02-30T08:00:00 » invalide.',
      ],
      [
        pain002.replace(/<CreDtTm>[^<]*<\/CreDtTm>/, '<CreDtTm>0000-01-01T00:00:00</CreDtTm>'),
        'Rapport bancaire refusé : date de création (GrpHdr/CreDtTm) « 0000-01-01T00:00:00 » hors des années 1900 à 2099.',
      ],
      [
        pain002.replace('<ReqdColltnDt>2026-03-09</ReqdColltnDt>', '<ReqdColltnDt>9999-12-31</ReqdColltnDt>'),
        'Rapport bancaire refusé : date d’échéance (ReqdColltnDt) « 9999-12-31 » hors des années 1900 à 2099.',
      ],
      [
        camt054.replace('<Dt>2026-03-17</Dt>', '<Dt>2100-01-01</Dt>'),
        'Rapport bancaire refusé : date de comptabilisation (BookgDt) « 2100-01-01 » hors des années 1900 à 2099.',
      ],
      [
        camt054.replace('<Dt>2026-03-16</Dt>\n        </ValDt>', '<Dt>1899-12-31</Dt>\n        </ValDt>'),
        'Rapport bancaire refusé : date de valeur (ValDt) « 1899-12-31 » hors des années 1900 à 2099.',
      ],
      [
        camt054.replace('<Dt>2026-03-17</Dt>', '<Dt>2026-00-17</Dt>'),
        'Rapport bancaire refusé : date de comptabilisation (BookgDt) « 2026-00-17 » invalide.',
      ],
    ];
    for (const [text, message] of cases) {
      const error = refusal(Buffer.from(text, 'utf8'));
      expect([error.statusCode, error.message]).toEqual([400, message]);
    }
  });

  it('R-BANK-08: a NUL or other control character, as such or by reference, refuses the report with its line', () => {
    const text = fixture('pain.002.001.10.xml').toString('utf8');
    for (const hostile of ['\u0000', '&#0;', '&#x1F;', '\u007F']) {
      const error = refusal(Buffer.from(text.replace('<MsgId>PSR-', `<MsgId>PSR${hostile}`), 'utf8'));
      expect(error.statusCode).toBe(400);
      expect(error.message).toMatch(
        /^Fichier refusé : caractère de contrôle \(code (0, NUL|31|127)\) ligne 11, interdit/,
      );
    }
  });

  it('refuses a report of more than 100,000 elements before building them all', () => {
    const flood = Buffer.from(`<?xml version="1.0"?><Document>${'<a/>'.repeat(100_001)}</Document>`);
    expect(refusal(flood).message).toContain('éléments XML');
  });
});
