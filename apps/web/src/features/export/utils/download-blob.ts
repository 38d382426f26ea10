// Long enough for every browser to have started reading the Blob (Safari needs a delay).
const REVOKE_AFTER_MS = 30_000;

/** Saves a Blob under `fileName` through a temporary <a download> and an object URL. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
