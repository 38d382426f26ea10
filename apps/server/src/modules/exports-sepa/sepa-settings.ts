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
  return { ...settings, ics: creditorIdentifier(settings.ics) };
}

/** The ICS files and pre-notifications carry: the configured one (checked), else the demo one. */
export function creditorIdentifier(configured: string | undefined): string {
  const ics = configured ?? DEMO_SEPA_ICS;
  if (!isValidIcs(ics)) throw new Error(`SEPA_CREDITOR_ICS invalide : ${ics}`);
  return ics.replace(/\s+/g, '').toUpperCase();
}
