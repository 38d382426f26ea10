import { billingRecipient, mailContent } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import type { JobOwner } from '../jobs/job-kind';
import type { JobRuntime } from '../jobs/job-runtime';
import { queueDeliveriesWithin, structureName, type ProductDelivery } from '../mail/mail.service';
import { recapsToMail } from './monthly-recap.repository';

/**
 * R-RECAP-07 in the month job's last step: a delivery (MEL_Envoi, R-MAIL-01..04) of each recap of
 * the month whose structure opted in and has a valid 'E-mail de facturation', never queued
 * before (its request key is the recap's: a recap is e-mailed once), all sent by one mail job
 * queued in the same transaction. Returns the deliveries queued.
 */
export async function queueRecapMails(
  tx: Queryable,
  jobs: JobRuntime,
  owner: JobOwner,
  context: { month: string; jobId: number },
): Promise<number> {
  const sender = await structureName(tx, owner.structureId);
  const deliveries: ProductDelivery[] = [];
  for (const recap of await recapsToMail(tx, context.month)) {
    const recipient = billingRecipient({
      billingEmail: recap.billingEmail,
      hasCorrespondent: false,
      correspondentEmail: null,
    });
    if (recipient.address === null) continue;
    const document = {
      kind: 'recapitulatif',
      number: recap.number,
      month: context.month,
      resteDuCents: recap.resteDuCents,
    } as const;
    deliveries.push({
      structureId: recap.structureId,
      type: 'recapitulatif',
      documentId: recap.id,
      to: recipient.address,
      subject: mailContent(document, recap.structure, sender).subject,
      key: `recapitulatif:${recap.id}`,
    });
  }
  const jobKey = `envoi-email:recapitulatifs:${context.month}:${context.jobId}`;
  return (await queueDeliveriesWithin(tx, jobs, owner, deliveries, jobKey)).length;
}
