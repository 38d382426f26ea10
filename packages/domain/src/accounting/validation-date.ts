import { VALIDATION_DATE_MESSAGES, type FiscalYearState } from './fiscal-years';
import { validationInputSchema } from './ledger-contracts';

/**
 * 'Valider jusqu’au' of one fiscal year as a contract (R-LEDG-07, R-LEDG-08): the body the
 * server parses (a real day), inside the year and after what is already validated, with the
 * messages the server's `validationRefusal` gives. Whether the day is past is the server's
 * word (its clock).
 */
export function validationDateContract(year: FiscalYearState) {
  return validationInputSchema.check((context) => {
    if (context.issues.length > 0) return;
    const { jusquau } = context.value;
    const message =
      jusquau < year.debut || jusquau > year.fin
        ? VALIDATION_DATE_MESSAGES.outsideYear(year)
        : year.valideJusquau && jusquau <= year.valideJusquau
          ? VALIDATION_DATE_MESSAGES.alreadyValidated(year.valideJusquau)
          : null;
    if (message) context.issues.push({ code: 'custom', message, path: ['jusquau'], input: context.value });
  });
}
