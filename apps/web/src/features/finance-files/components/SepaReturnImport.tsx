import { SEPA_WRITE, type SepaReturnReport } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FilePicker } from '@/components/FilePicker';
import { ApiError } from '@/lib/api-client';
import { useCurrentStructure, useSession } from '@/lib/session';
import { useImportSepaReturn, usePreviewSepaReturn } from '../api/sepa-returns';
import { sepaReturnMessages as m } from '../messages';
import { SepaReturnResult } from './SepaReturnResult';
import { SepaAlreadyRejectedTable, SepaReturnLinesTable, SepaUnknownReferences } from './SepaReturnTables';

const errorText = (error: unknown) => (error instanceof ApiError && error.serverMessage) || m.genericError;

/**
 * 'Importer un retour bancaire' (R-RET-01, R-RET-03): a pain.002 or camt.054 file is read by
 * the server and previewed; confirming marks the flux rejected. Returns that do not fit their
 * debit are listed apart and applied only when ticked (R-RET-05); the result leads to the
 * rejected flux and their relaunch (R-RET-06). Shown to holders of the SEPA write grant,
 * which the server checks again.
 */
export function SepaReturnImport() {
  const { me, grants } = useSession();
  if (!me.isSuperAdmin && !grants.includes(SEPA_WRITE)) return null;
  return <SepaReturnImportPanel />;
}

function SepaReturnImportPanel() {
  const { structureId } = useCurrentStructure();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
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
  const fitting = preview.data?.flux.filter((line) => line.anomalies.length === 0) ?? [];
  const anomalies = preview.data?.flux.filter((line) => line.anomalies.length > 0) ?? [];
  const toApply = fitting.length + (applyAnomalies ? anomalies.length : 0);
  const canImport =
    file !== null &&
    preview.data !== undefined &&
    !preview.data.dejaImporte &&
    toApply > 0 &&
    !importing.isPending &&
    !importing.isSuccess;

  return (
    <Box component="section" sx={{ mb: 4 }} aria-labelledby={`${inputId}-title`}>
      <Typography id={`${inputId}-title`} component="h2" variant="h6" sx={{ mb: 1 }}>
        {m.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {m.intro}
      </Typography>
      <FilePicker
        id={inputId}
        buttonLabel={m.chooseFile}
        inputLabel={m.fileInput}
        accept=".xml,application/xml,text/xml"
        fileName={file ? file.name : null}
        noFileText={m.noFile}
        hint={m.maxSize}
        disabled={preview.isPending}
        onChoose={choose}
      />
      {preview.isPending && <CenteredProgress label={m.reading} />}
      {preview.isError && <Alert severity="error">{errorText(preview.error)}</Alert>}
      {report && (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {m.summary(report.nomFichier, report.format, report.nbTransactions)}
            {report.nbIgnorees > 0 && ` ${m.ignored(report.nbIgnorees)}`}
          </Typography>
          {preview.data?.dejaImporte && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {m.alreadyImported}
            </Alert>
          )}
          {!preview.data?.dejaImporte && !importing.isSuccess && (
            <>
              <SepaReturnLinesTable lines={fitting} label={m.toRejectLabel} />
              {anomalies.length > 0 && (
                <>
                  <Typography component="h3" variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
                    {m.anomaliesTitle}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {m.anomaliesHelp}
                  </Typography>
                  <SepaReturnLinesTable lines={anomalies} label={m.anomaliesLabel} withAnomalies />
                  <FormControlLabel
                    sx={{ mt: 1 }}
                    control={
                      <Checkbox
                        checked={applyAnomalies}
                        onChange={(event) => setApplyAnomalies(event.target.checked)}
                      />
                    }
                    label={m.confirmAnomalies(anomalies.length)}
                  />
                </>
              )}
            </>
          )}
          <SepaAlreadyRejectedTable lines={report.dejaRejetes} />
          <SepaUnknownReferences items={report.inconnus} />
          <Button variant="contained" sx={{ mt: 2 }} disabled={!canImport} onClick={() => setConfirming(true)}>
            {importing.isPending ? m.importing : m.confirm}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={m.confirmTitle}
            cancelLabel={m.cancel}
            confirmLabel={m.confirm}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              if (file) importing.mutate({ file, confirmAnomalies: applyAnomalies });
            }}
          >
            {m.confirmText(toApply)}
          </ConfirmDialog>
          {importing.isSuccess && <SepaReturnResult result={importing.data} structureId={structureId} />}
          {importing.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorText(importing.error)}
            </Alert>
          )}
        </>
      )}
    </Box>
  );
}
