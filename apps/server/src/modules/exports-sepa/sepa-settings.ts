import { isValidIcs, type SepaSequenceType } from '@gdf/domain';

/**
 * Creditor settings (README: SEPA_* variables). Name, IBAN and BIC default to the head
 * office's (1318) own RIB, read when a file is generated; the ICS must come from the
 * bank in production (config.ts refuses the demo one with DATABASE_URL), the embedded
 * default is a demo identifier with valid check digits.
 */
export interface SepaSettings {
  creditorName?: string;
  creditorIban?: string;
  creditorBic?: string;
  ics: string;
  sequenceType: SepaSequenceType;
  /** SEPA_MIN_LEAD_DAYS: TARGET days between the file and the collection date (default 1, EPC D-1). */
  minLeadDays: number;
}

export const DEMO_SEPA_ICS = 'FR72ZZZ123456';

export function checkSepaSettings(settings: SepaSettings): SepaSettings {
  const { minLeadDays } = settings;
  if (!Number.isInteger(minLeadDays) || minLeadDays < 1 || minLeadDays > 10) {
    throw new Error(`SEPA_MIN_LEAD_DAYS invalide : ${minLeadDays} (un entier de 1 à 10)`);
  }
  return { ...settings, ics: creditorIdentifier(settings.ics) };
}

/** The ICS files and pre-notifications carry: the configured one (checked), else the demo one. */
export function creditorIdentifier(configured: string | undefined): string {
  const ics = configured ?? DEMO_SEPA_ICS;
  if (!isValidIcs(ics)) throw new Error(`SEPA_CREDITOR_ICS invalide : ${ics}`);
  return ics.replace(/\s+/g, '').toUpperCase();
}
