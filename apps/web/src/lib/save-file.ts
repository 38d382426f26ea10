// Long enough for every browser to have started reading the Blob (Safari needs a delay).
const REVOKE_AFTER_MS = 30_000;

/** Saves a URL (object URL or same-origin link) under `fileName` through a temporary <a download>. */
export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a Blob under `fileName`; its object URL is released once the download has started. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
