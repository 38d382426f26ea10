import { isValidIcs, type SepaSequenceType } from '@gdf/domain';

/**
 * Creditor settings (README: SEPA_* variables). Name, IBAN and BIC default to the head
 * office's (1318) own RIB, read when a file is generated; the ICS must come from the
 * bank in production, the default is a demo identifier with valid check digits.
 */
export interface SepaSettings {
  creditorName?: string;
  creditorIban?: string;
  creditorBic?: string;
  ics: string;
  sequenceType: SepaSequenceType;
}

export const DEMO_SEPA_ICS = 'FR72ZZZ123456';

export function checkSepaSettings(settings: SepaSettings): SepaSettings {
  if (!isValidIcs(settings.ics)) throw new Error(`SEPA_CREDITOR_ICS invalide : ${settings.ics}`);
  return { ...settings, ics: settings.ics.replace(/\s+/g, '').toUpperCase() };
}
