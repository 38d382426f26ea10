import { formErrorText } from '@/lib/api-client';
import { AccessDenied } from './AccessDenied';
import { ErrorAlert } from './ErrorAlert';
import { isAccessRefusal } from './refusal';

/**
 * R-UI-18: what a page shows when its data failed: a refusal of access in the product's one
 * refusal style (no action that cannot work), any other refusal without 'Réessayer', and a
 * passing failure with it.
 */
export function QueryFailure({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  /** The French text when the server gave none. */
  fallback: string;
  onRetry: () => void;
}) {
  const text = formErrorText(error, fallback);
  if (isAccessRefusal(error)) return <AccessDenied reason={text} variant="section" />;
  return (
    <ErrorAlert error={error} onRetry={onRetry}>
      {text}
    </ErrorAlert>
  );
}
