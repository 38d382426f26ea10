import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BANK_STATEMENT_MAX_BYTES, balancesAgree } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-errors';
import { parseCamt053 } from './parse-camt053';
import { readBankStatementFile } from './read-bank-statement';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, 'bank-statements', name));
const V02 = fixture('camt.053.001.02.xml');
const V08 = fixture('camt.053.001.08.xml');

function refusal(read: () => unknown): HttpError {
  try {
    read();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('accepted');
}

/** The fixture with `from` replaced by `to` (once, and it must be there). */
function edited(bytes: Buffer, from: string, to: string): Buffer {
  const text = bytes.toString('utf8');
  if (!text.includes(from)) throw new Error(`fixture lacks ${from}`);
  return Buffer.from(text.replace(from, to), 'utf8');
}

describe('camt.053.001.02: the head office statement, read by local names', () => {
  const [statement, ...others] = parseCamt053(V02);

  it('maps Stmt/Id, Acct/Id/IBAN, Acct/Ccy, OPBD and CLBD with their sign, FrToDt', () => {
    expect(others).toEqual([]);
    expect({ ...statement!, entries: statement!.entries.length }).toEqual({
      format: 'camt.053.001.02',
      statementId: 'STMT-20260310-FR76',
      account: { iban: 'FR7630004000031234567890143', bban: null },
      currency: 'EUR',
      openingBalanceCents: 1_000_000,
      closingBalanceCents: 1_048_820,
      fromDate: '2026-03-10',
      toDate: '2026-03-10',
      entries: 5,
    });
    expect(balancesAgree(statement!)).toBe(true);
  });

  it('a direct-debit batch credited as one entry: Btch MsgId, PmtInfId, NbOfTxs, TtlAmt, TxDtls count and EndToEndIds', () => {
    expect(statement!.entries[0]).toEqual({
      entryReference: 'ACSR-20260310-000101',
      bookingDate: '2026-03-10',
      valueDate: '2026-03-10',
      amountCents: 24550,
      direction: 'credit',
      status: 'BOOK',
      label: 'REMISE PRELEVEMENTS SEPA CORE',
      remittanceInfo: ['2026-FFME-101 COTISATIONS', '2026-FFME-102 COTISATIONS'],
      endToEndIds: ['GDF-42-101', 'GDF-42-102', 'GDF-42-103'],
      // Three debtors: the entry has none of its own.
      debtorName: null,
      debtorIban: null,
      batch: {
        messageId: 'GDF-SEPA-42',
        paymentInformationId: 'GDF-SEPA-42-1',
        numberOfTransactions: 3,
        totalCents: 24550,
      },
      transactionCount: 3,
      bankTransactionCode: 'PMNT/RDDT/ESDD',
      details: [],
    });
  });

  it('a debtor IBAN written with spaces (which the schema forbids, some banks do) is read without them', () => {
    const spaced = edited(
      V02,
      '<IBAN>FR7630006000011234567890189</IBAN>',
      '<IBAN>FR76 3000 6000 0112 3456 7890 189</IBAN>',
    );
    expect(parseCamt053(spaced)[0]!.entries[1]!.debtorIban).toBe('FR7630006000011234567890189');
  });

  it('a transfer with the invoice number in Ustrd: every Ustrd line, the debtor and its IBAN; NOTPROVIDED is no EndToEndId', () => {
    expect(statement!.entries[1]).toEqual({
      entryReference: 'ACSR-20260310-000102',
      bookingDate: '2026-03-10',
      valueDate: '2026-03-09',
      amountCents: 12000,
      direction: 'credit',
      status: 'BOOK',
      label: 'VIR SEPA RECU CLUB NAUTIQUE DE LYON',
      remittanceInfo: ['Facture 2026-FFME-1234', 'Licences saison 2026'],
      endToEndIds: [],
      debtorName: 'CLUB NAUTIQUE DE LYON',
      debtorIban: 'FR7630006000011234567890189',
      batch: null,
      transactionCount: 1,
      bankTransactionCode: 'PMNT/RCDT/ESCT',
      details: [],
    });
  });

  it('a transfer without reference, an amount two flux could match, a debit: references fall back to NtryRef then the rank', () => {
    expect(
      statement!.entries
        .slice(2)
        .map((e) => [e.entryReference, e.direction, e.amountCents, e.remittanceInfo, e.debtorName]),
    ).toEqual([
      ['0310-0003', 'credit', 7500, ['COTISATION CLUB'], 'AMICALE DES GRIMPEURS'],
      ['#4', 'credit', 6000, ['REGLEMENT MARS'], null],
      ['ACSR-20260310-000105', 'debit', 1230, [], null],
    ]);
    expect(statement!.entries[3]!.valueDate).toBeNull();
    expect(statement!.entries[4]).toMatchObject({
      label: 'FRAIS DE TENUE DE COMPTE',
      bankTransactionCode: 'FRAIS',
      transactionCount: 0,
    });
  });
});

describe('R-BANK-01: every camt.053 version from .001.02 to .001.08 shares the statement structure', () => {
  const read02 = parseCamt053(V02);
  const withFormat = (format: string) => read02.map((statement) => ({ ...statement, format }));

  it('.03 (the .02 fixture under its namespace) reads as .02 does', () => {
    expect(parseCamt053(fixture('camt.053.001.03.xml'))).toEqual(withFormat('camt.053.001.03'));
  });

  it.each(['04', '05', '06', '07'])(
    '.%s (TxDtls/Amt mandatory, BICFI) reads the same statement and entries as .02',
    (version) => {
      expect(parseCamt053(fixture(`camt.053.001.${version}.xml`))).toEqual(withFormat(`camt.053.001.${version}`));
    },
  );

  it('through the one entry point too, and a version outside .02-.08 stays refused', () => {
    expect(readBankStatementFile(fixture('camt.053.001.06.xml'))[0]!.format).toBe('camt.053.001.06');
    for (const version of ['01', '09', '10']) {
      const other = edited(V02, 'camt.053.001.02"', `camt.053.001.${version}"`);
      expect(refusal(() => parseCamt053(other)).message).toBe(
        `Version non prise en charge (camt.053.001.${version}) : camt.053.001.02 à camt.053.001.08 attendue.`,
      );
    }
  });
});

describe('camt.053.001.08: Sts/Cd, Dbtr/Pty/Nm, several statements, a foreign IBAN', () => {
  const statements = parseCamt053(V08);

  it('reads both statements; dates from the balances when FrToDt is absent, DtTm cut to the day', () => {
    expect(statements.map(({ entries, ...head }) => ({ ...head, entries: entries.length }))).toEqual([
      {
        format: 'camt.053.001.08',
        statementId: 'STMT-20270115-FR76',
        account: { iban: 'FR7630004000031234567890143', bban: null },
        currency: 'EUR',
        openingBalanceCents: 250_075,
        closingBalanceCents: 338_080,
        fromDate: '2027-01-14',
        toDate: '2027-01-15',
        entries: 3,
      },
      {
        format: 'camt.053.001.08',
        statementId: 'STMT-20270115-DE89',
        account: { iban: 'DE89370400440532013000', bban: null },
        currency: 'EUR',
        openingBalanceCents: -15_010,
        closingBalanceCents: -3_010,
        fromDate: '2027-01-15',
        toDate: '2027-01-15',
        entries: 1,
      },
    ]);
    // The CLAV balance is not the closing one; a pending entry does not move the booked balance.
    expect(statements.every(balancesAgree)).toBe(true);
  });

  it('a batch whose transactions share one debtor keeps it; BookgDt/DtTm is cut to the day', () => {
    expect(statements[0]!.entries[0]).toMatchObject({
      entryReference: '2027011500042',
      bookingDate: '2027-01-15',
      amountCents: 80005,
      status: 'BOOK',
      remittanceInfo: ['2027-FFME-880', '2027-FFME-881'],
      endToEndIds: ['GDF-57-880', 'GDF-57-881'],
      debtorName: 'CLUB ALPIN DE GRENOBLE',
      debtorIban: 'FR1420041010050500013M02606',
      batch: {
        messageId: 'GDF-SEPA-57',
        paymentInformationId: 'GDF-SEPA-57-1',
        numberOfTransactions: 2,
        totalCents: 80005,
      },
      transactionCount: 2,
    });
  });

  it('a structured creditor reference (Strd/CdtrRefInf/Ref) is remittance information too', () => {
    expect(statements[0]!.entries[1]).toMatchObject({
      entryReference: '2027011500043',
      remittanceInfo: ['2027-FFME-1290'],
      endToEndIds: ['VIR-CNL-2027-0001'],
      debtorName: 'CLUB NAUTIQUE DE LYON',
      debtorIban: 'FR7630006000011234567890189',
    });
  });

  it('a pending entry keeps its status; without BookgDt its day is the value date', () => {
    expect(statements[0]!.entries[2]).toMatchObject({
      entryReference: 'E-0115-3',
      status: 'PDNG',
      bookingDate: '2027-01-18',
      valueDate: '2027-01-18',
      transactionCount: 0,
    });
  });

  it('the foreign-IBAN statement: opening from PRCD, debit balances negative, a proprietary transaction code', () => {
    expect(statements[1]!.entries[0]).toMatchObject({
      entryReference: 'DE-0115-77',
      direction: 'credit',
      amountCents: 12000,
      remittanceInfo: ['2027-FFME-1301'],
      bankTransactionCode: 'NTRF+166',
    });
  });
});

describe('camt.053 reading is namespace-agnostic and hardened', () => {
  it('prefixed elements read the same as the default namespace', () => {
    const text = V08.toString('utf8')
      .replace(/<(\/?)([A-Za-z])/g, '<$1c:$2')
      .replace('xmlns="', 'xmlns:c="');
    expect(parseCamt053(Buffer.from(text, 'utf8'))).toEqual(parseCamt053(V08));
  });

  it('a repeated AcctSvcrRef gets the entry rank, so entry references stay unique', () => {
    const repeated = edited(V02, 'ACSR-20260310-000105', 'ACSR-20260310-000102');
    const references = parseCamt053(repeated)[0]!.entries.map((entry) => entry.entryReference);
    expect(references).toEqual([
      'ACSR-20260310-000101',
      'ACSR-20260310-000102',
      '0310-0003',
      '#4',
      'ACSR-20260310-000102#5',
    ]);
  });

  it('refuses a DOCTYPE (no DTD, no external entity)', () => {
    const withDoctype = edited(
      V02,
      '<Document ',
      '<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Document ',
    );
    const error = refusal(() => parseCamt053(withDoctype));
    expect([error.statusCode, error.message]).toEqual([
      400,
      'Fichier refusé : il contient une déclaration DOCTYPE (DTD, entités externes), interdite dans un relevé bancaire.',
    ]);
  });

  it('refuses another message (camt.054)', () => {
    expect(refusal(() => parseCamt053(fixture('../sepa-returns/camt.054.001.02.xml'))).message).toBe(
      'Fichier non reconnu : un relevé de compte camt.053 (BkToCstmrStmt, ISO 20022) est attendu.',
    );
  });

  it('R-BANK-08: a date outside 1900-2099 refuses the file, naming it (years 0000 and 9999 were stored or failed)', () => {
    const cases: [Buffer, string][] = [
      [
        edited(V02, '<FrDtTm>2026-03-10T00:00:00+01:00</FrDtTm>', '<FrDtTm>0000-03-10T00:00:00+01:00</FrDtTm>'),
        'Relevé camt.053 refusé (relevé STMT-20260310-FR76) : date de début (FrToDt) « 0000-03-10T00:00:00+01:00 » hors des années 1900 à 2099.',
      ],
      [
        edited(V02, '<ToDtTm>2026-03-10T23:59:59+01:00</ToDtTm>', '<ToDtTm>9999-12-31T23:59:59+01:00</ToDtTm>'),
        'Relevé camt.053 refusé (relevé STMT-20260310-FR76) : date de fin (FrToDt) « 9999-12-31T23:59:59+01:00 » hors des années 1900 à 2099.',
      ],
      [
        edited(V02, '<Dt>2026-03-09</Dt>', '<Dt>1899-12-31</Dt>'),
        'Relevé camt.053 refusé (relevé STMT-20260310-FR76) : date du solde OPBD « 1899-12-31 » hors des années 1900 à 2099.',
      ],
    ];
    for (const [bytes, message] of cases) {
      const error = refusal(() => parseCamt053(bytes));
      expect([error.statusCode, error.message]).toEqual([400, message]);
    }
    const lastEntryBooked = V02.toString('utf8').replace(
      /<Dt>2026-03-10<\/Dt>(?![\s\S]*<Dt>2026-03-10<\/Dt>)/,
      '<Dt>2100-01-01</Dt>',
    );
    expect(refusal(() => parseCamt053(Buffer.from(lastEntryBooked, 'utf8'))).message).toMatch(
      /de l’écriture n° 5 « 2100-01-01 » hors des années 1900 à 2099\.$/,
    );
  });

  it('R-BANK-08: a NUL or other control character, as such or by reference, is refused with its line', () => {
    for (const hostile of ['\u0000', '\u0007', '&#0;', '&#x1B;', '&#127;']) {
      const text = V02.toString('utf8').replace('<Id>STMT-20260310-FR76</Id>', `<Id>STMT${hostile}</Id>`);
      const error = refusal(() => parseCamt053(Buffer.from(text, 'utf8')));
      expect(error.statusCode).toBe(400);
      expect(error.message).toMatch(
        /^Fichier refusé : caractère de contrôle \(code \d+(, NUL)?\) ligne 12, interdit dans un fichier bancaire\.$/,
      );
    }
    // Tabs and line breaks between elements are white space, not refused.
    expect(parseCamt053(Buffer.from(V02.toString('utf8').replaceAll('\n', '\r\n\t'), 'utf8'))).toEqual(
      parseCamt053(V02),
    );
  });

  it('refuses a file over the size limit with 413', () => {
    const padded = Buffer.concat([V02, Buffer.alloc(BANK_STATEMENT_MAX_BYTES - V02.length + 1, 0x20)]);
    expect(refusal(() => parseCamt053(padded)).statusCode).toBe(413);
    expect(refusal(() => readBankStatementFile(padded)).statusCode).toBe(413);
  });

  it('refuses truncated XML, an amount finer than the cent, a bad CdtDbtInd, a missing balance', () => {
    expect(refusal(() => parseCamt053(V02.subarray(0, V02.length - 40))).message).toBe(
      'Fichier illisible : ce n’est pas un document XML valide.',
    );
    expect(
      refusal(() => parseCamt053(edited(V02, '<Amt Ccy="EUR">120.00</Amt>', '<Amt Ccy="EUR">120.001</Amt>'))).message,
    ).toBe(
      'Relevé camt.053 refusé (relevé STMT-20260310-FR76) : montant de l’écriture n° 2 « 120.001 » plus précis que le centime.',
    );
    expect(
      refusal(() => parseCamt053(edited(V02, '<Amt Ccy="EUR">75</Amt>', '<Amt Ccy="EUR">-75</Amt>'))).message,
    ).toMatch(/montant de l’écriture n° 3 « -75 » invalide/);
    expect(
      refusal(() => parseCamt053(edited(V02, '<CdtDbtInd>DBIT</CdtDbtInd>', '<CdtDbtInd>DEBIT</CdtDbtInd>'))).message,
    ).toBe(
      'Relevé camt.053 refusé (relevé STMT-20260310-FR76) : sens (CdtDbtInd) « DEBIT » de l’écriture n° 5 invalide : CRDT ou DBIT attendu.',
    );
    expect(refusal(() => parseCamt053(edited(V02, '<Cd>CLBD</Cd>', '<Cd>CLAV</Cd>'))).message).toBe(
      'Relevé camt.053 refusé (relevé STMT-20260310-FR76) : solde de clôture (Bal CLBD) absent.',
    );
    expect(refusal(() => parseCamt053(edited(V02, '<Dt>2026-03-09</Dt>', '<Dt>2026-02-30</Dt>'))).message).toMatch(
      /date du solde OPBD « 2026-02-30 » invalide/,
    );
  });
});

describe('readBankStatementFile: one entry point for camt.053 and CFONB 120', () => {
  const CFONB = readFileSync(
    path.resolve(
      import.meta.dirname,
      '../../../../../packages/domain/test/fixtures/bank-statements/two-statements.cfonb120.txt',
    ),
  );

  it('XML goes to the camt.053 reader (a UTF-8 BOM allowed), text records to the CFONB 120 parser', () => {
    expect(readBankStatementFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), V02]))).toEqual(parseCamt053(V02));
    expect(readBankStatementFile(CFONB).map((s) => [s.format, s.statementId, s.entries.length])).toEqual([
      ['cfonb120', '30002-00550-0000157845Z-2026-03-03', 3],
      ['cfonb120', '30002-00550-0000157845Z-2026-03-04', 2],
    ]);
  });

  it('CFONB refusals become 400 with the line; other files are not recognised', () => {
    // Cut inside the last record's amount: its trailing spaces are no longer what is missing.
    const truncated = CFONB.subarray(0, CFONB.length - 30);
    const error = refusal(() => readBankStatementFile(truncated));
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/^Relevé CFONB 120 refusé, ligne 17 : montant « 00 {12} » invalide/);
    expect(refusal(() => readBankStatementFile(Buffer.from('%PDF-1.7\n'))).message).toBe(
      'Fichier non reconnu : un relevé de compte camt.053 (XML) ou CFONB 120 est attendu.',
    );
  });
});

describe('R-BANK-01, R-PERF-07: the statements the import is sized for', () => {
  it('reads 5,000 entries with their details, and reads back what the test writer wrote (.02 and .08)', async () => {
    const { camt053Xml, closingCents } = await import('../../../test/integration/support/statement-writer');
    const entries = Array.from({ length: 5_000 }, (_, index) => ({
      reference: `R${index}`,
      bookingDate: '2026-11-20',
      amountCents: 1_000 + index,
      direction: index % 10 === 0 ? ('debit' as const) : ('credit' as const),
      remittance: [`FACTURE 2027-FFME-${index + 1}`],
      endToEndIds: [`GDF-3-${index + 1}`],
      debtorName: 'CLUB',
      debtorIban: 'FR7630006000011234567890189',
    }));
    const written = {
      id: 'BIG',
      iban: 'FR7630006000011234567890189',
      fromDate: '2026-11-20',
      toDate: '2026-11-20',
      openingCents: 0,
      entries,
    };
    for (const version of ['02', '08'] as const) {
      const [statement] = parseCamt053(camt053Xml([written], version));
      expect(statement!.entries).toHaveLength(5_000);
      expect(statement!.closingBalanceCents).toBe(closingCents(written));
      expect(balancesAgree(statement!)).toBe(true);
      expect(statement!.entries[1]).toMatchObject({
        entryReference: 'R1',
        amountCents: 1_001,
        direction: 'credit',
        remittanceInfo: ['FACTURE 2027-FFME-2'],
        endToEndIds: ['GDF-3-2'],
        debtorName: 'CLUB',
        debtorIban: 'FR7630006000011234567890189',
      });
    }
  });
});
