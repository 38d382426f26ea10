import type { SepaReturnReport } from '@gdf/domain';
import { useState } from 'react';
import { useImportSepaReturn, usePreviewSepaReturn } from '../api/sepa-returns';

/**
 * The return file chosen, its preview and its import: the returns that fit their debit, those
 * with anomalies (applied only when ticked, R-RET-05), and whether the import may be confirmed.
 */
export function useSepaReturnImport(structureId: number) {
  const [file, setFile] = useState<File | null>(null);
  const [applyAnomalies, setApplyAnomalies] = useState(false);
  const preview = usePreviewSepaReturn(structureId);
  const importing = useImportSepaReturn(structureId);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setApplyAnomalies(false);
    importing.reset();
    if (chosen) preview.mutate(chosen);
    else preview.reset();
  };
  const report: SepaReturnReport | undefined = importing.data ?? preview.data;
  const lines = preview.data?.flux ?? [];
  const fitting = lines.filter((line) => line.anomalies.length === 0);
  const anomalies = lines.filter((line) => line.anomalies.length > 0);
  const toApply = fitting.length + (applyAnomalies ? anomalies.length : 0);
  const notImported = preview.data?.dejaImporte === false && !importing.isSuccess;
  const confirm = () => {
    if (file) importing.mutate({ file, confirmAnomalies: applyAnomalies });
  };
  return {
    file,
    choose,
    preview,
    importing,
    report,
    fitting,
    anomalies,
    applyAnomalies,
    setApplyAnomalies,
    toApply,
    /** The lines to apply are shown until the import is done, unless the file was imported already. */
    showLines: !preview.data?.dejaImporte && !importing.isSuccess,
    canImport: file !== null && notImported && toApply > 0,
    confirm,
  };
}
