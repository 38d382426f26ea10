import { describe, expect, it } from 'vitest';
import { accountFluxBuilder } from '../account-statement/account-flux.fixture';
import {
  REMINDER_LEGAL_TERMS,
  buildReminderLetter,
  canRemindOverdue,
  followsLastReminder,
  nextReminderLevel,
  ownStructureAmongRecipients,
  overdueListTable,
  overdueRow,
  reminderIssueRequestSchema,
  reminderLegalTerms,
  sortOverdueRows,
  toReminderIssueRequest,
  reminderIdsQuerySchema,
  type OverdueRow,
  type ReminderLetterInput,
} from './index';
import { StructureType } from '../structures/structure-types';

const flux = accountFluxBuilder(100);

const structure = (id: number, name: string) => ({ id, name, code: `C${id}` });

describe('Impayés list: one row per structure, aged by the relevé de compte rule', () => {
  it('buckets each overdue flux by days late in Paris days (due day itself not late; 30/31, 60/61, 90/91 boundaries)', () => {
    const asOf = '2026-06-30';
    const row = overdueRow(
      structure(1, 'Club A'),
      [
        flux({ at: '2026-01-05T10:00:00Z', dueDate: '2026-06-30', amountTTC: 1 }), // due today: not late
        flux({ at: '2026-01-05T10:00:00Z', dueDate: '2026-05-31', amountTTC: 10 }), // 30 days
        flux({ at: '2026-01-05T10:00:00Z', dueDate: '2026-05-30', amountTTC: 100 }), // 31 days
        flux({ at: '2026-01-05T10:00:00Z', dueDate: '2026-04-01', amountTTC: 1_000 }), // 90 days
        flux({ at: '2026-01-05T10:00:00Z', dueDate: '2026-03-31', amountTTC: 10_000 }), // 91 days
      ],
      asOf,
      null,
    );
    expect(row?.buckets).toEqual({ '0-30': 10, '31-60': 100, '61-90': 1_000, '90+': 10_000 });
    expect(row?.total).toBe(11_110);
    expect(row?.count).toBe(4);
    expect(row?.oldestDaysLate).toBe(91);
  });

  it('counts a rejected direct debit as unpaid; paid, relaunched, credit and not yet due flux leave no row', () => {
    const asOf = '2026-06-30';
    const rejected = flux({
      at: '2026-01-05T10:00:00Z',
      dueDate: '2026-06-01',
      bankReturn: { type: 'rejet', reasonCode: 'AM04', date: '2026-06-03' },
    });
    expect(overdueRow(structure(1, 'A'), [rejected], asOf, null)?.total).toBe(1000);
    const none = overdueRow(
      structure(2, 'B'),
      [
        flux({ at: '2026-01-05T10:00:00Z', dueDate: '2026-06-01', settled: true }),
        flux({ at: '2026-01-05T10:00:00Z', dueDate: '2026-06-01', relaunchedBy: 9 }),
        flux({ at: '2026-01-05T10:00:00Z', dueDate: '2026-06-01', isDebit: false }),
        flux({ at: '2026-06-20T10:00:00Z', dueDate: null }), // due 30 days after creation
      ],
      asOf,
      null,
    );
    expect(none).toBeNull();
  });

  const rows = (): OverdueRow[] =>
    [
      overdueRow(
        structure(1, 'Écrins'),
        [flux({ at: '2026-01-01T10:00:00Z', dueDate: '2026-06-01', amountTTC: 500 })],
        '2026-06-30',
        {
          id: 1,
          level: 2,
          date: '2026-06-15',
          total: 500,
          fluxIds: [],
        },
      ),
      overdueRow(
        structure(2, 'alpes'),
        [flux({ at: '2026-01-01T10:00:00Z', dueDate: '2026-01-15', amountTTC: 900 })],
        '2026-06-30',
        null,
      ),
      overdueRow(
        structure(3, 'Vercors'),
        [flux({ at: '2026-01-01T10:00:00Z', dueDate: '2026-06-20', amountTTC: 700 })],
        '2026-06-30',
        null,
      ),
    ].filter((row): row is OverdueRow => row !== null);

  it('sorts on any column both ways, names in French order ignoring case and accents', () => {
    const names = (list: OverdueRow[]) => list.map((row) => row.structure.name);
    expect(names(sortOverdueRows(rows(), 'structure', 'asc'))).toEqual(['alpes', 'Écrins', 'Vercors']);
    expect(names(sortOverdueRows(rows(), 'total', 'desc'))).toEqual(['alpes', 'Vercors', 'Écrins']);
    expect(names(sortOverdueRows(rows(), '90+', 'desc'))[0]).toBe('alpes');
    expect(names(sortOverdueRows(rows(), 'lastReminder', 'asc'))).toEqual(['alpes', 'Vercors', 'Écrins']);
  });

  it('the xlsx table keeps the order shown, amounts in euros, last reminder worded', () => {
    const { table, amountColumns } = overdueListTable(sortOverdueRows(rows(), 'total', 'desc'), '2026-06-30');
    expect(table.columns).toEqual([
      'Structure',
      'Code fédéral',
      '0 à 30 jours',
      '31 à 60 jours',
      '61 à 90 jours',
      'Plus de 90 jours',
      'Total échu',
      'Reste dû',
      'Dernière relance',
    ]);
    expect(table.rows[0]).toEqual(['alpes', 'C2', 0, 0, 0, 9, 9, 9, 'Aucune']);
    expect(table.rows[2]?.[8]).toBe('Relance (niveau 2) du 15/06/2026');
    expect(amountColumns).toHaveLength(6);
  });
});

describe('reminder level: proposed from the last letter', () => {
  it('starts at 1, rises one level per letter while a cited flux is still overdue, stops at 3 (mise en demeure)', () => {
    expect(nextReminderLevel(null, [1, 2])).toBe(1);
    expect(nextReminderLevel({ level: 1, fluxIds: [1] }, [1, 2])).toBe(2);
    expect(nextReminderLevel({ level: 2, fluxIds: [2] }, [1, 2])).toBe(3);
    expect(nextReminderLevel({ level: 3, fluxIds: [2] }, [2])).toBe(3);
  });

  it('starts again at 1 when nothing the last letter cited is still overdue (a new debt)', () => {
    expect(nextReminderLevel({ level: 3, fluxIds: [1, 2] }, [5])).toBe(1);
  });

  it('a letter follows the last one only while that one cited a flux still overdue (else it names no earlier letter)', () => {
    expect(followsLastReminder(null, [1])).toBe(false);
    expect(followsLastReminder({ level: 1, fluxIds: [1, 2] }, [5])).toBe(false);
    expect(followsLastReminder({ level: 1, fluxIds: [1, 2] }, [2, 5])).toBe(true);
  });

  it('a structure never reminds itself: its own id among the recipients is refused', () => {
    expect(ownStructureAmongRecipients(12, [3, 12])).toBe(true);
    expect(ownStructureAmongRecipients(12, [3, 4])).toBe(false);
  });

  it('only the head office, ligues and comités remind; clubs and other members do not', () => {
    expect(canRemindOverdue(StructureType.Federation)).toBe(true);
    expect(canRemindOverdue(StructureType.LigueRegionale)).toBe(true);
    expect(canRemindOverdue(StructureType.ComiteDepartemental)).toBe(true);
    expect(canRemindOverdue(StructureType.Club)).toBe(false);
    expect(canRemindOverdue(StructureType.Section)).toBe(false);
  });
});

describe('late-payment terms (Code de commerce art. L441-10 and D441-5, Code civil art. 1231-6)', () => {
  it('L441-10: penalties of 3 times the legal interest rate, due without a reminder', () => {
    expect(REMINDER_LEGAL_TERMS.penalties).toContain('3 fois le taux d’intérêt légal');
    expect(REMINDER_LEGAL_TERMS.penalties).toContain('art. L441-10 du Code de commerce');
    expect(REMINDER_LEGAL_TERMS.noReminderNeeded).toContain('sans qu’un rappel soit nécessaire');
  });

  it('D441-5: the 40 € flat recovery indemnity, between professionals only; otherwise legal interest from the notice', () => {
    expect(REMINDER_LEGAL_TERMS.penalties).toContain('40\u00a0€ (art. D441-5 du Code de commerce)');
    expect(REMINDER_LEGAL_TERMS.scope).toContain('entre professionnels');
    expect(REMINDER_LEGAL_TERMS.scope).toContain('art. 1231-6 du Code civil');
    expect(reminderLegalTerms()).toHaveLength(3);
  });
});

describe('reminder letter', () => {
  const input = (level: 1 | 2 | 3): ReminderLetterInput => ({
    id: 42,
    level,
    issuedOn: '2026-06-30',
    sender: { name: 'Fédération', lines: ['1 rue du Siège'] },
    recipient: { id: 7, name: 'Club A', lines: ['Code fédéral : C7'] },
    flux: [
      {
        fluxId: 123,
        seasonId: 2026,
        date: '2026-01-05',
        label: 'Licences',
        dueDate: '2026-03-31',
        daysLate: 91,
        bucket: '90+',
        amount: 12_345,
        status: 'impaye',
      },
      {
        fluxId: 124,
        seasonId: 2025,
        date: '2025-06-05',
        label: 'Assurance',
        dueDate: '2025-07-01',
        daysLate: 364,
        bucket: '90+',
        amount: 655,
        status: 'rejete',
      },
    ],
    previous: level === 1 ? null : { level: (level - 1) as 1 | 2, date: '2026-06-01' },
  });

  it('cites each unpaid invoice by its number YYYY-FFME-id, with amount, due date and days late, and the total', () => {
    const letter = buildReminderLetter(input(1));
    expect(letter.lines.map((line) => [line.invoiceNumber, line.amount, line.dueDate, line.daysLate])).toEqual([
      ['2026-FFME-123', 12_345, '2026-03-31', 91],
      ['2025-FFME-124', 655, '2025-07-01', 364],
    ]);
    expect(letter.total).toBe(13_000);
    expect(letter.fileName).toBe('relance-1-7-2026-06-30-42.pdf');
  });

  it('words rise with the level: rappel amiable, relance within 15 days, mise en demeure within 8 days', () => {
    const [one, two, three] = ([1, 2, 3] as const).map((level) => buildReminderLetter(input(level)));
    expect(one!.title).toBe('RAPPEL AMIABLE');
    expect(one!.paragraphs[0]).toContain('oubli');
    expect(two!.title).toBe('RELANCE');
    expect(two!.paragraphs[0]).toContain('Malgré notre rappel amiable du 01/06/2026');
    expect(two!.paragraphs[0]).toContain('15 jours');
    expect(three!.title).toBe('MISE EN DEMEURE');
    expect(three!.paragraphs[0]).toContain('nous vous mettons en demeure');
    expect(three!.paragraphs[0]).toContain('8 jours');
    expect(three!.legalTerms).toEqual(reminderLegalTerms());
  });

  it('a level 2 or 3 chosen with no earlier letter on these invoices claims none', () => {
    for (const level of [2, 3] as const) {
      const letter = buildReminderLetter({ ...input(level), previous: null });
      expect(letter.paragraphs[0]).not.toMatch(/Malgré|précédent/);
      expect(letter.paragraphs[0]).toContain(level === 2 ? '15 jours' : 'nous vous mettons en demeure');
    }
  });

  it('refuses a letter citing nothing', () => {
    expect(() => buildReminderLetter({ ...input(1), flux: [] })).toThrow(RangeError);
  });
});

describe('Impayés requests', () => {
  it('a letter request names 1 to 200 distinct structures and an optional level 1-3', () => {
    expect(reminderIssueRequestSchema.safeParse({ structureIds: [1, 2], level: 2 }).success).toBe(true);
    expect(reminderIssueRequestSchema.safeParse({ structureIds: [1] }).success).toBe(true);
    expect(reminderIssueRequestSchema.safeParse({ structureIds: [] }).success).toBe(false);
    expect(reminderIssueRequestSchema.safeParse({ structureIds: [1, 1] }).success).toBe(false);
    expect(reminderIssueRequestSchema.safeParse({ structureIds: [1], level: 4 }).success).toBe(false);
    expect(reminderIssueRequestSchema.safeParse({ structureIds: ['1'] }).success).toBe(false);
    expect(reminderIssueRequestSchema.safeParse({ structureIds: [1], extra: true }).success).toBe(false);
  });

  it('R-DUE-05: a request may name each structure’s last letter as the list showed it, one per structure', () => {
    const parse = (body: object) => reminderIssueRequestSchema.safeParse(body).success;
    expect(parse({ structureIds: [1, 2], lastReminderIds: [7, null] })).toBe(true);
    expect(parse({ structureIds: [1, 2], lastReminderIds: [7] })).toBe(false);
    expect(parse({ structureIds: [1], lastReminderIds: [0] })).toBe(false);
    const rows = [
      {
        structure: { id: 3, name: 'A', code: null },
        lastReminder: { id: 9, level: 1 as const, date: '2026-01-02', total: 5, fluxIds: [1] },
      },
      { structure: { id: 4, name: 'B', code: null }, lastReminder: null },
    ];
    expect(toReminderIssueRequest({ level: 'propose', structureIds: [4, 3] }, rows)).toEqual({
      structureIds: [4, 3],
      lastReminderIds: [null, 9],
    });
  });

  it('the form level "propose" leaves the level to each structure', () => {
    expect(toReminderIssueRequest({ level: 'propose', structureIds: [3] })).toEqual({ structureIds: [3] });
    expect(toReminderIssueRequest({ level: '3', structureIds: [3] })).toEqual({ structureIds: [3], level: 3 });
  });

  it('archive ids are numbers separated by commas, deduplicated', () => {
    expect(reminderIdsQuerySchema.parse({ ids: '3,1,3' }).ids).toEqual([3, 1]);
    expect(reminderIdsQuerySchema.safeParse({ ids: '1;2' }).success).toBe(false);
  });
});
