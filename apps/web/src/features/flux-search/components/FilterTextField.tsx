import TextField from '@mui/material/TextField';
import { isRequiredRule } from '@gdf/domain';
import type { KeyboardEvent } from 'react';

interface FilterTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Rule text in the original's style ('required|min:3'): '*' when it says 'required'. */
  rules: string;
  error?: string;
  onEnter: () => void;
  numeric?: boolean;
}

/** SPEC.md section 5: "The number input blocks the keys -, + and e." */
const BLOCKED_NUMBER_KEYS = new Set(['-', '+', 'e', 'E']);

export function FilterTextField({ label, value, onChange, rules, error, onEnter, numeric }: FilterTextFieldProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (numeric && BLOCKED_NUMBER_KEYS.has(event.key)) event.preventDefault();
    if (event.key === 'Enter') {
      // Enter runs the search (SPEC.md screen 4) instead of submitting twice.
      event.preventDefault();
      onEnter();
    }
  };
  return (
    <TextField
      label={label}
      value={value}
      size="small"
      fullWidth
      type={numeric ? 'number' : 'text'}
      required={isRequiredRule(rules)}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { onKeyDown, inputMode: numeric ? 'numeric' : undefined, min: numeric ? 0 : undefined } }}
    />
  );
}
