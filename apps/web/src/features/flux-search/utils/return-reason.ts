import { sepaReturnReasonLabel } from '@gdf/domain';

/** "AM04 - Provision insuffisante", or the label alone when the bank gave no code. */
export function sepaReturnReasonWithCode(code: string | null): string {
  const label = sepaReturnReasonLabel(code);
  return code ? `${code} - ${label}` : label;
}
