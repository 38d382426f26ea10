import { sageExportMessages as m } from '../messages';

const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** "512 octets", "12,3 Ko", "4 Mo": a file's size in binary units, in French. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < m.sizeUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // French: 0 and 1 take the singular.
  if (unit === 0 && value < 2) return `${value} ${m.sizeOneByte}`;
  return `${decimal.format(value)} ${m.sizeUnits[unit]}`;
}
