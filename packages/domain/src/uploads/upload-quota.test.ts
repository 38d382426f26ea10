import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_QUOTA, uploadQuotaRefusal } from './upload-quota';

describe('upload quota per structure and day (R-SEC-10)', () => {
  const quota = { filesPerDay: 3, bytesPerDay: 1_000 };

  it('defaults: 200 files and 200 MB a day', () => {
    expect(DEFAULT_UPLOAD_QUOTA).toEqual({ filesPerDay: 200, bytesPerDay: 200 * 1024 * 1024 });
  });

  it('accepts while the file fits both the count and the volume', () => {
    expect(uploadQuotaRefusal({ files: 2, bytes: 900 }, 100, quota)).toBeNull();
    expect(uploadQuotaRefusal({ files: 0, bytes: 0 }, 1_000, quota)).toBeNull();
  });

  it('refuses the file after the last one the count allows, in French', () => {
    expect(uploadQuotaRefusal({ files: 3, bytes: 0 }, 1, quota)).toBe(
      'Quota de dépôt atteint pour cette structure : au plus 3 fichiers et 1 000 octets par jour. Réessayez demain.',
    );
  });

  it('refuses a file that would take the day volume over the quota', () => {
    expect(uploadQuotaRefusal({ files: 1, bytes: 900 }, 101, quota)).not.toBeNull();
  });

  it('states volumes in Mo when they are whole megabytes', () => {
    expect(uploadQuotaRefusal({ files: 200, bytes: 0 }, 1, DEFAULT_UPLOAD_QUOTA)).toBe(
      'Quota de dépôt atteint pour cette structure : au plus 200 fichiers et 200 Mo par jour. Réessayez demain.',
    );
  });
});
