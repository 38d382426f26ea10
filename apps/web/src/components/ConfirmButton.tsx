import Button, { type ButtonProps } from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { ErrorAlert } from './ErrorAlert';

export interface ConfirmButtonProps {
  /** The button's text. */
  children: ReactNode;
  /** The button's text while the action runs (the button is disabled meanwhile). */
  pendingLabel?: ReactNode;
  /** The action (a mutation) is running. */
  pending: boolean;
  /** Shown in an error alert under the button when the action failed. */
  error?: ReactNode;
  disabled?: boolean;
  /** Shows MUI's loading state instead of swapping the text while pending. */
  loadingIndicator?: boolean;
  buttonProps?: Omit<ButtonProps, 'onClick' | 'disabled' | 'children' | 'loading'>;
  /** The confirmation: its title, text and the two buttons' labels. */
  title: string;
  text: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  confirmColor?: ButtonProps['color'];
  /** Runs the action once confirmed (the dialog has closed). */
  onConfirm: () => void;
}

/** A button that asks before running an action, then shows the action's pending and error states. */
export function ConfirmButton({
  children,
  pendingLabel,
  pending,
  error,
  disabled = false,
  loadingIndicator = false,
  buttonProps,
  title,
  text,
  cancelLabel,
  confirmLabel,
  confirmColor,
  onConfirm,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const label = pending && pendingLabel !== undefined ? pendingLabel : children;
  return (
    <>
      <Button
        {...buttonProps}
        disabled={disabled || (pending && !loadingIndicator)}
        loading={loadingIndicator ? pending : undefined}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        cancelLabel={cancelLabel}
        confirmLabel={confirmLabel}
        confirmColor={confirmColor}
        onCancel={() => setOpen(false)}
        onConfirm={onConfirm}
      >
        {text}
      </ConfirmDialog>
      {error ? <ErrorAlert sx={{ mt: 1 }}>{error}</ErrorAlert> : null}
    </>
  );
}
