import { describe, expect, it } from 'vitest';
import {
  addTargetDays,
  collectionDateRefusal,
  earliestCollectionDate,
  easterSunday,
  isTargetDay,
  previousTargetDay,
  targetClosingReason,
} from './target-calendar';

/**
 * ECB, TARGET Services, "TARGET calendar": T2 is closed on Saturdays, Sundays, New Year's Day,
 * Good Friday, Easter Monday, 1 May, Christmas Day and 26 December.
 * EPC SDD Core rulebook (EPC016-09), section 4.3 / DS-03: the collection reaches the debtor
 * bank at the latest D-1 TARGET day, D being the due date, itself a TARGET day.
 */
describe('TARGET calendar (ECB)', () => {
  it('computes Easter Sunday with the anonymous Gregorian algorithm', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25'); // the latest possible date
    expect(easterSunday(2285)).toBe('2285-03-22'); // the earliest possible date
  });

  it('closes on the 2026 TARGET holidays', () => {
    expect(targetClosingReason('2026-01-01')).toBe('jour de l’An');
    expect(targetClosingReason('2026-04-03')).toBe('Vendredi saint');
    expect(targetClosingReason('2026-04-06')).toBe('lundi de Pâques');
    expect(targetClosingReason('2026-05-01')).toBe('fête du Travail');
    expect(targetClosingReason('2026-12-25')).toBe('Noël');
    expect(targetClosingReason('2026-12-26')).toBe('lendemain de Noël'); // a Saturday, named by its holiday
  });

  it('closes on the 2027 TARGET holidays', () => {
    for (const day of ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-01', '2027-12-25', '2027-12-26']) {
      expect(isTargetDay(day), day).toBe(false);
    }
    expect(targetClosingReason('2027-03-26')).toBe('Vendredi saint');
    expect(targetClosingReason('2027-03-29')).toBe('lundi de Pâques');
  });

  it('closes on weekends, and on no French-only holiday (Ascension, 14 July, 1 November are TARGET days)', () => {
    expect(targetClosingReason('2026-11-28')).toBe('samedi');
    expect(targetClosingReason('2026-11-29')).toBe('dimanche');
    for (const day of ['2026-05-14', '2026-07-14', '2026-08-14', '2026-11-11', '2026-12-24', '2026-12-31']) {
      expect(isTargetDay(day), day).toBe(true);
    }
    expect(isTargetDay('2026-04-02')).toBe(true); // Maundy Thursday
    expect(isTargetDay('2026-04-07')).toBe(true); // the day after Easter Monday
  });

  it('adds TARGET days over weekends and holidays', () => {
    expect(addTargetDays('2026-11-23', 0)).toBe('2026-11-23');
    expect(addTargetDays('2026-11-27', 1)).toBe('2026-11-30'); // Friday -> Monday
    expect(addTargetDays('2026-12-24', 1)).toBe('2026-12-28'); // over Christmas and the weekend
    expect(addTargetDays('2026-12-31', 1)).toBe('2027-01-04'); // over New Year's Day and the weekend
    expect(addTargetDays('2027-03-25', 2)).toBe('2027-03-31'); // over Easter 2027
  });
});

describe('earliest collection date (EPC SDD Core: D-1 TARGET day)', () => {
  it('is the next TARGET day with one day of lead, Friday -> Monday', () => {
    expect(earliestCollectionDate('2026-11-23', 1)).toBe('2026-11-24');
    expect(earliestCollectionDate('2026-11-27', 1)).toBe('2026-11-30');
    expect(earliestCollectionDate('2026-11-27', 2)).toBe('2026-12-01');
  });

  it('skips the holidays that follow today', () => {
    expect(earliestCollectionDate('2026-12-24', 1)).toBe('2026-12-28'); // before Christmas
    expect(earliestCollectionDate('2026-04-02', 1)).toBe('2026-04-07'); // before Good Friday 2026
    expect(earliestCollectionDate('2027-03-25', 1)).toBe('2027-03-30'); // before Good Friday 2027
    expect(earliestCollectionDate('2026-04-30', 1)).toBe('2026-05-04'); // before 1 May 2026 (a Friday)
  });

  it('counts the lead from the next TARGET day when the file is made on a closing day', () => {
    expect(earliestCollectionDate('2026-11-28', 1)).toBe('2026-12-01'); // Saturday -> Tuesday
    expect(earliestCollectionDate('2026-12-25', 1)).toBe('2026-12-29'); // Christmas -> Tuesday
    expect(earliestCollectionDate('2027-05-01', 2)).toBe('2027-05-05'); // 1 May 2027, a Saturday
  });
});

describe('collection date refusal', () => {
  const today = '2026-11-23'; // a Monday

  it('accepts the earliest allowed date and later TARGET days', () => {
    expect(collectionDateRefusal('2026-11-24', today, 1)).toBeNull();
    expect(collectionDateRefusal('2026-12-24', today, 1)).toBeNull();
    expect(collectionDateRefusal('2026-11-25', today, 2)).toBeNull();
  });

  it('refuses a day in the past', () => {
    expect(collectionDateRefusal('2026-11-20', today, 1)).toBe(
      "Date d'échéance invalide : elle ne peut pas être dans le passé.",
    );
  });

  it('refuses today and the days inside the lead time, naming the earliest one', () => {
    expect(collectionDateRefusal(today, today, 1)).toBe(
      "Date d'échéance trop proche : la banque doit recevoir le fichier au moins 1 jour ouvré TARGET avant l'échéance ; au plus tôt le 24/11/2026.",
    );
    expect(collectionDateRefusal('2026-11-24', today, 2)).toMatch(/au moins 2 jours ouvrés TARGET .* 25\/11\/2026/);
  });

  it('refuses a TARGET closing day, saying which', () => {
    expect(collectionDateRefusal('2026-12-25', today, 1)).toBe(
      "Date d'échéance invalide : le 25/12/2026 (Noël) n'est pas un jour ouvré du calendrier TARGET ; au plus tôt le 24/11/2026.",
    );
    expect(collectionDateRefusal('2026-11-28', today, 1)).toMatch(/28\/11\/2026 \(samedi\)/);
    expect(collectionDateRefusal('2027-03-29', today, 1)).toMatch(/lundi de Pâques/);
  });
});

describe('previousTargetDay (R-SEPA-11)', () => {
  it('the last TARGET day on or before a day', () => {
    expect(previousTargetDay('2026-12-27')).toBe('2026-12-24'); // Sunday, after Noël and its lendemain
    expect(previousTargetDay('2026-12-24')).toBe('2026-12-24');
  });
});
