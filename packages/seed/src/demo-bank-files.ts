import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HEAD_OFFICE_STRUCTURE_ID, invoiceNumber, sepaEndToEndId } from '@gdf/domain';
import type { Database } from '@gdf/server/seed-api';
import { balanceXml, bankText, entryXml, euros, tag, text, type Entry } from './demo-bank-xml';
import type { BankPending } from './story';

/**
 * The demo's sample bank files, made from the demo data (README, 'Fichiers bancaires de
 * démonstration'): the head office's statement of the bank's last days (camt.053.001.02: the
 * clubs' transfers paying their invoices, with payer names, IBANs and remittance texts quoting
 * invoice numbers or licensees, the last SEPA batch credited as one line and the bank's debit of
 * its rejects) and the bank's status report rejecting a few debits of that batch
 * (pain.002.001.10). Their flux are still open in the demo: importing the files (Exports > SEPA,
 * 'Relevés bancaires' and 'Retours' tabs) reconciles and rejects them.
 */

export const DEMO_STATEMENT_FILE = 'releve-camt053-demo.xml';
export const DEMO_RETURNS_FILE = 'retours-pain002-demo.xml';

export interface DemoBankFiles {
  statement: { fileName: string; xml: string };
  /** Null when the last batch is not collected within the statement. */
  returns: { fileName: string; xml: string } | null;
  /** The debits the return report rejects. */
  rejectedFluxIds: number[];
}

interface FluxRow {
  id: number;
  cents: string;
  season: number;
  label: string;
  line: string | null;
  structure: string;
  iban: string | null;
}

/** Opening balance of the sample statement (any amount: the file's balances agree with it). */
const OPENING_CENTS = 18_435_027;
const REASONS = ['AM04', 'MD01', 'AC04'] as const;

/** What a club writes on its transfer: the invoice number, a licensee's name, or nothing. */
function remittance(row: FluxRow, index: number): string | null {
  const number = invoiceNumber(row.season, row.id);
  const person = row.line?.split(' - ')[1];
  switch (index % 4) {
    case 0:
      return `FACTURE ${number}`;
    case 1:
      return `${number} ${row.structure}`;
    case 2:
      return person ? `REGLEMENT ${person}` : `REGLEMENT ${row.label}`;
    default:
      return null;
  }
}

async function fluxRows(database: Database, where: string, params: unknown[]): Promise<FluxRow[]> {
  return database.query<FluxRow>(
    `SELECT f.id, (f."MontantTTC" * 100)::bigint::text AS "cents", f."ID_Saison" AS "season",
            f."NomFluxFinancier" AS "label", s."NomStructure" AS "structure",
            (SELECT d."NomFluxFinancierDetail" FROM "MKP_FluxFinancierDetail" d
              WHERE d."ID_FluxFinancier" = f.id ORDER BY d.id LIMIT 1) AS "line",
            (SELECT r."IBAN" FROM "STR_StructureRib" r WHERE r."ID_Structure" = s.id
              ORDER BY r."EST_Valide" DESC, r.id DESC LIMIT 1) AS "iban"
       FROM "MKP_FluxFinancier" f JOIN "STR_Structure" s ON s.id = f."ID_Structure"
      WHERE ${where}
      ORDER BY f.id`,
    params,
  );
}

/** The day after `day` (ISO), not after `last`. */
const nextDay = (day: string, last: string) => {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return next > last ? last : next;
};

export async function buildDemoBankFiles(database: Database, bank: BankPending): Promise<DemoBankFiles> {
  const [account] = await database.query<{ iban: string; bic: string | null }>(
    `SELECT "IBAN" AS "iban", "BIC" AS "bic" FROM "STR_StructureRib"
      WHERE "ID_Structure" = $1 AND "EST_Valide" ORDER BY id DESC LIMIT 1`,
    [HEAD_OFFICE_STRUCTURE_ID],
  );
  if (!account) throw new Error(`Le siège (structure ${HEAD_OFFICE_STRUCTURE_ID}) n’a pas de RIB valide`);
  const entries: Entry[] = [];
  const transferIds = bank.transfers.map((t) => t.fluxId);
  const dayOf = new Map(bank.transfers.map((t) => [t.fluxId, t.day]));
  const transfers = transferIds.length
    ? await fluxRows(database, `f.id = ANY($1::int[]) AND NOT f."EST_Reglement"`, [transferIds])
    : [];
  transfers.forEach((row, index) => {
    const words = remittance(row, index);
    const payer = bankText(row.structure, 70);
    entries.push({
      reference: `VIR-${row.id}`,
      day: dayOf.get(row.id) as string,
      cents: Number(row.cents),
      credit: true,
      family: ['RCDT', 'ESCT'],
      details: tag(
        'TxDtls',
        tag('Refs', text('EndToEndId', 'NOTPROVIDED')) +
          tag(
            'RltdPties',
            tag('Dbtr', text('Nm', payer)) + (row.iban ? tag('DbtrAcct', tag('Id', text('IBAN', row.iban))) : ''),
          ) +
          (words ? tag('RmtInf', text('Ustrd', bankText(words))) : ''),
      ),
      info: `VIR SEPA RECU /DE ${payer}`.slice(0, 500),
    });
  });

  let returns: DemoBankFiles['returns'] = null;
  let rejectedFluxIds: number[] = [];
  if (bank.batch) {
    const { id: batchId, collectionDay } = bank.batch;
    const debits = await fluxRows(database, `f."ID_Traitement" = $1 AND NOT f."EST_Reglement"`, [batchId]);
    if (debits.length > 0) {
      const messageId = `GDF-SEPA-${batchId}`;
      const total = debits.reduce((sum, d) => sum + Number(d.cents), 0);
      entries.push({
        reference: `PRLV-${batchId}`,
        day: collectionDay,
        cents: total,
        credit: true,
        family: ['RDDT', 'ESDD'],
        details: tag(
          'Btch',
          text('MsgId', messageId) + text('PmtInfId', `${messageId}-1`) + tag('NbOfTxs', String(debits.length)),
        ),
        info: `REMISE PRLV SEPA ${messageId} ${debits.length} OPERATIONS`,
      });
      const picks = [...new Set([0.2, 0.5, 0.8].map((share) => Math.floor(share * debits.length)))];
      const rejected = picks.map((i) => debits[i] as FluxRow).slice(0, Math.max(1, Math.min(3, debits.length - 1)));
      rejectedFluxIds = rejected.map((r) => r.id);
      const rejectedCents = rejected.reduce((sum, d) => sum + Number(d.cents), 0);
      entries.push({
        reference: `IMPAYE-${batchId}`,
        day: nextDay(collectionDay, bank.to),
        cents: rejectedCents,
        credit: false,
        family: ['RDDT', 'UPDD'],
        details: rejected
          .map((r) =>
            tag(
              'TxDtls',
              tag('Refs', text('EndToEndId', sepaEndToEndId(batchId, r.id))) +
                tag('RltdPties', tag('Dbtr', text('Nm', bankText(r.structure, 70)))) +
                tag('RmtInf', text('Ustrd', `IMPAYE PRLV ${messageId}`)),
            ),
          )
          .join(''),
        info: `IMPAYES PRLV SEPA ${messageId} ${rejected.length} OPERATIONS`,
      });
      returns = {
        fileName: DEMO_RETURNS_FILE,
        xml: pain002(messageId, collectionDay, debits.length, total, rejected),
      };
    }
  }
  entries.push({
    reference: `FRAIS-${bank.to}`,
    day: bank.to,
    cents: 4_250,
    credit: false,
    family: ['CCRD', 'CHRG'],
    details: '',
    info: 'FRAIS TENUE DE COMPTE',
  });
  entries.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const closing = entries.reduce((sum, e) => sum + (e.credit ? e.cents : -e.cents), OPENING_CENTS);
  const statementId = `RLV-${bank.from}-${bank.to}`;
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">` +
    tag(
      'BkToCstmrStmt',
      tag('GrpHdr', text('MsgId', `MSG-${statementId}`) + tag('CreDtTm', `${bank.to}T20:00:00+01:00`)) +
        tag(
          'Stmt',
          text('Id', statementId) +
            tag('CreDtTm', `${bank.to}T20:00:00+01:00`) +
            tag('FrToDt', tag('FrDtTm', `${bank.from}T00:00:00+01:00`) + tag('ToDtTm', `${bank.to}T23:59:59+01:00`)) +
            tag(
              'Acct',
              tag('Id', text('IBAN', account.iban.replace(/\s/g, ''))) +
                tag('Ccy', 'EUR') +
                (account.bic ? tag('Svcr', tag('FinInstnId', text('BIC', account.bic))) : ''),
            ) +
            balanceXml('OPBD', OPENING_CENTS, bank.from) +
            balanceXml('CLBD', closing, bank.to) +
            entries.map(entryXml).join(''),
        ),
    ) +
    '</Document>\n';
  return { statement: { fileName: DEMO_STATEMENT_FILE, xml }, returns, rejectedFluxIds };
}

/** The bank's status report on the batch (pain.002.001.10): these debits rejected, the others accepted. */
function pain002(messageId: string, day: string, count: number, totalCents: number, rejected: FluxRow[]): string {
  const batchId = Number(messageId.slice('GDF-SEPA-'.length));
  const transactions = rejected
    .map((r, i) =>
      tag(
        'TxInfAndSts',
        text('StsId', `STS-${r.id}`) +
          text('OrgnlEndToEndId', sepaEndToEndId(batchId, r.id)) +
          tag('TxSts', 'RJCT') +
          tag('StsRsnInf', tag('Rsn', tag('Cd', REASONS[i % REASONS.length] as string))) +
          tag(
            'OrgnlTxRef',
            tag('Amt', `<InstdAmt Ccy="EUR">${euros(Number(r.cents))}</InstdAmt>`) + tag('ReqdColltnDt', day),
          ),
      ),
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">` +
    tag(
      'CstmrPmtStsRpt',
      tag('GrpHdr', text('MsgId', `PSR-${messageId}`) + tag('CreDtTm', `${day}T09:15:00+01:00`)) +
        tag(
          'OrgnlGrpInfAndSts',
          text('OrgnlMsgId', messageId) +
            text('OrgnlMsgNmId', 'pain.008.001.08') +
            tag('OrgnlNbOfTxs', String(count)) +
            tag('OrgnlCtrlSum', euros(totalCents)) +
            tag('GrpSts', 'PART'),
        ) +
        tag('OrgnlPmtInfAndSts', text('OrgnlPmtInfId', `${messageId}-1`) + tag('PmtInfSts', 'PART') + transactions),
    ) +
    '</Document>\n'
  );
}

/** Writes the sample files into `dir`; returns their paths. */
export async function writeDemoBankFiles(database: Database, bank: BankPending, dir: string): Promise<string[]> {
  const files = await buildDemoBankFiles(database, bank);
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const file of [files.statement, files.returns]) {
    if (!file) continue;
    const target = path.join(dir, file.fileName);
    await writeFile(target, file.xml, 'utf8');
    written.push(target);
  }
  return written;
}
