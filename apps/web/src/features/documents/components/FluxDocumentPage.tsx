import type { FluxDocumentKind } from '@gdf/domain';
import Download from '@mui/icons-material/Download';
import Print from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import { useRef, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { CenteredProgress } from '@/components/CenteredProgress';
import { PageLayout } from '@/components/PageLayout';
import { ApiError } from '@/lib/api-client';
import { useCurrentStructure } from '@/lib/session';
import { useFluxDocument } from '../api/get-flux-document';
import { useObjectUrl } from '@/lib/use-object-url';
import { documentMessages } from '../messages';
import { saveUrl } from '@/lib/save-file';
import { ErrorAlert } from '@/components/ErrorAlert';

function parseFluxId(raw: string | undefined): number | undefined {
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return documentMessages.notFound;
  if (error instanceof ApiError && error.status < 500 && error.serverMessage) return error.serverMessage;
  return documentMessages.error;
}

/**
 * R-UI-10: the printable Facture or Relevé d'opération of one flux. The PDF is
 * fetched with the bearer token and shown from a blob URL, so printing and downloading
 * reuse the same bytes and the token never appears in a URL.
 */
export function FluxDocumentPage({
  kind,
  extraActions,
  below,
}: {
  kind: FluxDocumentKind;
  /** More actions beside download and print (the page composing this one: 'Envoyer par e-mail'). */
  extraActions?: (fluxId: number) => ReactNode;
  /** Shown under the document (its delivery log). */
  below?: (fluxId: number) => ReactNode;
}) {
  const fluxId = parseFluxId(useParams().id);
  const backHref = returnPath(useLocation().state);
  const { structureId } = useCurrentStructure();
  const pdf = useFluxDocument(kind, fluxId, structureId);
  const url = useObjectUrl(pdf.data?.blob);
  const frame = useRef<HTMLIFrameElement>(null);

  const actions = (
    <Stack direction="row" spacing={1}>
      <Button
        variant="outlined"
        startIcon={<Download />}
        disabled={!url}
        onClick={() => url && pdf.data && saveUrl(url, pdf.data.fileName)}
      >
        {documentMessages.download}
      </Button>
      <Button
        variant="contained"
        startIcon={<Print />}
        disabled={!url}
        onClick={() => frame.current?.contentWindow?.print()}
      >
        {documentMessages.print}
      </Button>
      {fluxId !== undefined && extraActions?.(fluxId)}
    </Stack>
  );

  return (
    <PageLayout
      title={documentMessages.pageTitle(documentMessages.documentName[kind], fluxId)}
      backTo="flux_financiers__gestion_des_finances"
      backHref={backHref}
      actions={actions}
    >
      {fluxId === undefined ? (
        <Alert severity="error">{documentMessages.invalidId}</Alert>
      ) : pdf.isError ? (
        <ErrorAlert error={pdf.error} onRetry={() => void pdf.refetch()}>
          {errorMessage(pdf.error)}
        </ErrorAlert>
      ) : !url || !pdf.data ? (
        <CenteredProgress label={documentMessages.loading} />
      ) : (
        <iframe
          ref={frame}
          src={url}
          title={documentMessages.frameTitle(pdf.data.fileName)}
          style={{
            width: '100%',
            height: 'calc(100vh - 180px)',
            minHeight: 480,
            border: '1px solid #c9d1dc',
            borderRadius: 4,
          }}
        />
      )}
      {fluxId !== undefined && below && <Box sx={{ mt: 2 }}>{below(fluxId)}</Box>}
    </PageLayout>
  );
}

export function FluxFacturePage() {
  return <FluxDocumentPage kind="facture" />;
}

export function FluxRelevePage() {
  return <FluxDocumentPage kind="releve" />;
}

/** The search the user came from (navigation state), if it is a path of this app. */
function returnPath(state: unknown): string | undefined {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/')) return undefined;
  // Browsers read '/\host' and '//host' as another site: only a path of this origin goes.
  const url = new URL(returnTo, window.location.origin);
  return url.origin === window.location.origin && !/[\\]/.test(returnTo) ? returnTo : undefined;
}
