/**
 * R-MAIL-03: a fresh key per click (32 hex digits). crypto.getRandomValues, unlike randomUUID,
 * exists on a page served over plain http too.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
