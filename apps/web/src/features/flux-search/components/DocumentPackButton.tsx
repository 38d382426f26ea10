import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  DOCUMENT_PACK_BACKGROUND_ABOVE,
  DOCUMENT_PACK_MAX_DOCUMENTS,
  documentPackRequestSchema,
  type FluxDocumentKind,
  type FluxSearchFilters,
  type JobView,
} from '@gdf/domain';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { JobStartedAlert } from '@/components/JobStartedAlert';
import { formErrorText } from '@/lib/api-client';
import { contractProblems } from '@/lib/forms';
import { formatInteger } from '@/lib/format';
import { downloadDocumentPack, type PackProgress } from '../api/download-document-pack';
import { fluxSearchMessages as m } from '../messages';

interface DocumentPackButtonProps {
  /** The search's filters, with the structure locked for structures that may not pick one. */
  filters: FluxSearchFilters;
  structureId: number;
  disabled: boolean;
}

type PackState =
  | { step: 'choose' }
  | { step: 'running'; progress: PackProgress | null }
  | { step: 'done' | 'cancelled' }
  | { step: 'queued'; job: JobView }
  | { step: 'error'; message: string };

const megabytes = (bytes: number) =>
  `${(bytes / 1_000_000).toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} Mo`;

/**
 * R-DOC-08: one ZIP of the factures and/or relevés of every flux the search finds,
 * read as the server streams it; 'Annuler' aborts the fetch, which stops the server's work.
 * A large pack, or one asked 'en arrière-plan', is a job (R-JOB-05): its progress shows
 * here, its ZIP downloads from 'Mes traitements'.
 */
export function DocumentPackButton({ filters, structureId, disabled }: DocumentPackButtonProps) {
  const [open, setOpen] = useState(false);
  const { watch, setValue } = useForm<{ kinds: FluxDocumentKind[] }>({ defaultValues: { kinds: ['facture'] } });
  const kinds = watch('kinds');
  // The request's contract, as the server parses it: at least one kind.
  const kindsProblem = contractProblems(documentPackRequestSchema, { filters, kinds }).kinds;
  const [state, setState] = useState<PackState>({ step: 'choose' });
  const [background, setBackground] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const toggle = (kind: FluxDocumentKind) =>
    setValue('kinds', kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind]);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ step: 'running', progress: null });
    try {
      // Always facture before relevé, whatever order they were ticked in.
      const ordered = (['facture', 'releve'] as const).filter((kind) => kinds.includes(kind));
      const job = await downloadDocumentPack(
        { filters, kinds: ordered, ...(background ? { arrierePlan: true } : {}) },
        structureId,
        abort.signal,
        (progress) => setState({ step: 'running', progress }),
      );
      setState(job ? { step: 'queued', job } : { step: 'done' });
    } catch (error) {
      if (abort.signal.aborted) setState({ step: 'cancelled' });
      else setState({ step: 'error', message: formErrorText(error, m.packError) });
    } finally {
      controller.current = null;
    }
  };

  const close = () => {
    controller.current?.abort();
    setOpen(false);
    setState({ step: 'choose' });
  };

  const running = state.step === 'running';
  return (
    <>
      <Button variant="outlined" disabled={disabled} onClick={() => setOpen(true)}>
        {m.packButton}
      </Button>
      <Dialog open={open} onClose={running ? undefined : close} aria-labelledby="document-pack-title">
        <DialogTitle id="document-pack-title">{m.packTitle}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {m.packIntro(formatInteger(DOCUMENT_PACK_MAX_DOCUMENTS))}
          </Typography>
          <FormGroup row>
            {(['facture', 'releve'] as const).map((kind) => (
              <FormControlLabel
                key={kind}
                label={kind === 'facture' ? m.packFactures : m.packReleves}
                control={<Checkbox checked={kinds.includes(kind)} disabled={running} onChange={() => toggle(kind)} />}
              />
            ))}
          </FormGroup>
          <FormControlLabel
            label={m.packBackground}
            control={<Checkbox checked={background} disabled={running} onChange={() => setBackground(!background)} />}
          />
          <Typography variant="caption" color="text.secondary" component="p">
            {m.packBackgroundHint(formatInteger(DOCUMENT_PACK_BACKGROUND_ABOVE))}
          </Typography>
          {kindsProblem && <Alert severity="info">{kindsProblem}</Alert>}
          {running && (
            <>
              <LinearProgress aria-label={m.packPreparing} sx={{ my: 1 }} />
              <Typography role="status" variant="body2">
                {state.progress
                  ? m.packProgress(
                      megabytes(state.progress.bytes),
                      state.progress.documents === null ? null : formatInteger(state.progress.documents),
                    )
                  : m.packPreparing}
              </Typography>
            </>
          )}
          {state.step === 'done' && <Alert severity="success">{m.packDone}</Alert>}
          {state.step === 'queued' && <JobStartedAlert job={state.job}>{m.packQueued}</JobStartedAlert>}
          {state.step === 'cancelled' && <Alert severity="info">{m.packCancelled}</Alert>}
          {state.step === 'error' && <Alert severity="error">{state.message}</Alert>}
        </DialogContent>
        <DialogActions>
          {running ? (
            <Button onClick={() => controller.current?.abort()}>{m.packCancel}</Button>
          ) : (
            <>
              <Button onClick={close}>{m.packClose}</Button>
              {/* The dialog's answer is one key away: its focus starts on 'Télécharger' (R-UI-16). */}
              <Button autoFocus variant="contained" disabled={Boolean(kindsProblem)} onClick={() => void start()}>
                {m.packStart}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
