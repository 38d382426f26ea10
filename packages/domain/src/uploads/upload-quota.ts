/**
 * R-SEC-10: what one structure may upload in a day (Europe/Paris calendar day), whoever
 * uploads for it, counted from the stored documents: a number of files and a volume.
 */
export interface UploadQuota {
  filesPerDay: number;
  bytesPerDay: number;
}

export interface UploadUsage {
  files: number;
  bytes: number;
}

const MEGABYTE = 1024 * 1024;

export const DEFAULT_UPLOAD_QUOTA: UploadQuota = { filesPerDay: 200, bytesPerDay: 200 * MEGABYTE };

const volume = (bytes: number) =>
  bytes % MEGABYTE === 0 ? `${bytes / MEGABYTE} Mo` : `${bytes.toLocaleString('fr-FR').replace(/\s/g, ' ')} octets`;

/** The French refusal when one more file of `incomingBytes` would pass the quota, or null. */
export function uploadQuotaRefusal(usage: UploadUsage, incomingBytes: number, quota: UploadQuota): string | null {
  if (usage.files + 1 <= quota.filesPerDay && usage.bytes + incomingBytes <= quota.bytesPerDay) return null;
  return `Quota de dépôt atteint pour cette structure : au plus ${quota.filesPerDay} fichiers et ${volume(quota.bytesPerDay)} par jour. Réessayez demain.`;
}
