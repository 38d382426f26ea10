import { targetClosingReason, type SepaCalendar } from '@gdf/domain';
import { formatDate } from '@/lib/format';
import { sepaMessages } from './messages';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Why the picked collection date cannot be generated (French), or null: the server's rule
 * (packages/domain target-calendar), said in the page's words and checked before any request.
 */
export function collectionDateProblem(value: string, calendar: SepaCalendar): string | null {
  if (!ISO_DAY.test(value)) return sepaMessages.collectionDateInvalid;
  if (value < calendar.today) return sepaMessages.collectionDatePast;
  const closed = targetClosingReason(value);
  if (closed) return sepaMessages.collectionDateClosed(formatDate(value), closed);
  if (value < calendar.earliestDate) {
    return sepaMessages.collectionDateTooSoon(formatDate(calendar.earliestDate), calendar.minLeadDays);
  }
  return null;
}
