import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';

interface FilePickerProps {
  /** The button's text, e.g. 'Importer un relevé…'. */
  buttonLabel: string;
  /** The file input's accessible name. */
  inputLabel: string;
  accept: string;
  /** The chosen file's name, null before a choice. */
  fileName: string | null;
  noFileText: string;
  /** Shown after the name, e.g. '(5 Mo au maximum)'. */
  hint?: string;
  disabled?: boolean;
  variant?: 'contained' | 'outlined';
  id?: string;
  onChoose: (file: File | null) => void;
}

/**
 * A button that opens the (hidden) native file input, so keyboard and screen-reader users
 * pick a file as everyone else does, and the chosen name announced politely. The input is
 * emptied after each choice: the same file can be chosen again.
 */
export function FilePicker({
  buttonLabel,
  inputLabel,
  accept,
  fileName,
  noFileText,
  hint,
  disabled,
  variant = 'outlined',
  id,
  onChoose,
}: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
      <Button variant={variant} onClick={() => input.current?.click()} disabled={disabled}>
        {buttonLabel}
      </Button>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        aria-label={inputLabel}
        hidden
        onChange={(event) => {
          onChoose(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      <Typography variant="body2" aria-live="polite">
        {fileName ?? noFileText}
        {hint ? ` ${hint}` : ''}
      </Typography>
    </Stack>
  );
}
