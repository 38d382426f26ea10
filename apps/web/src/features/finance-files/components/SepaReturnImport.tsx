import { SEPA_WRITE, type SepaReturnLine, type SepaReturnReport } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useSepaReturnImport } from '../hooks/use-sepa-return-import';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ConfirmButton } from '@/components/ConfirmButton';
import { FilePicker } from '@/components/FilePicker';
import { ApiError } from '@/lib/api-client';
import { useCurrentStructure, useSession } from '@/lib/session';
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

/** The returns to apply: those that fit their debit, then those with anomalies, applied only when ticked. */
function ReturnLinesToApply({
  fitting,
  anomalies,
  applyAnomalies,
  onApplyAnomalies,
}: {
  fitting: readonly SepaReturnLine[];
  anomalies: readonly SepaReturnLine[];
  applyAnomalies: boolean;
  onApplyAnomalies: (apply: boolean) => void;
}) {
  return (
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
            control={<Checkbox checked={applyAnomalies} onChange={(event) => onApplyAnomalies(event.target.checked)} />}
            label={m.confirmAnomalies(anomalies.length)}
          />
        </>
      )}
    </>
  );
}

/** What the file holds, and whether it was imported already. */
function ReportSummary({ report, alreadyImported }: { report: SepaReturnReport; alreadyImported: boolean }) {
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {m.summary(report.nomFichier, report.format, report.nbTransactions)}
        {report.nbIgnorees > 0 && ` ${m.ignored(report.nbIgnorees)}`}
      </Typography>
      {alreadyImported && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {m.alreadyImported}
        </Alert>
      )}
    </>
  );
}

function SepaReturnImportPanel() {
  const { structureId } = useCurrentStructure();
  const inputId = useId();
  const state = useSepaReturnImport(structureId);
  const { file, preview, importing, report } = state;

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
        fileName={file?.name ?? null}
        noFileText={m.noFile}
        hint={m.maxSize}
        disabled={preview.isPending}
        onChoose={state.choose}
      />
      {preview.isPending && <CenteredProgress label={m.reading} />}
      {preview.isError && <Alert severity="error">{errorText(preview.error)}</Alert>}
      {report && (
        <>
          <ReportSummary report={report} alreadyImported={preview.data?.dejaImporte === true} />
          {state.showLines && (
            <ReturnLinesToApply
              fitting={state.fitting}
              anomalies={state.anomalies}
              applyAnomalies={state.applyAnomalies}
              onApplyAnomalies={state.setApplyAnomalies}
            />
          )}
          <SepaAlreadyRejectedTable lines={report.dejaRejetes} />
          <SepaUnknownReferences items={report.inconnus} />
          <ConfirmButton
            pending={importing.isPending}
            pendingLabel={m.importing}
            disabled={!state.canImport}
            buttonProps={{ variant: 'contained', sx: { mt: 2 } }}
            title={m.confirmTitle}
            text={m.confirmText(state.toApply)}
            cancelLabel={m.cancel}
            confirmLabel={m.confirm}
            onConfirm={state.confirm}
          >
            {m.confirm}
          </ConfirmButton>
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
