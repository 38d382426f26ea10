import TextField from '@mui/material/TextField';
import { isRequiredRule } from '@gdf/domain';
import { useEffect, useRef, type KeyboardEvent } from 'react';

interface FilterTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Rule text in the original's style ('required|min:3'): '*' when it says 'required'. */
  rules: string;
  error?: string;
  /** A note beside the field when it has no error. */
  hint?: string;
  onEnter: () => void;
  numeric?: boolean;
  /** Text typed as a decimal (an amount): the decimal keyboard on phones. */
  decimal?: boolean;
}

/** R-SEARCH-04: "The number input blocks the keys -, + and e." */
const BLOCKED_NUMBER_KEYS = new Set(['-', '+', 'e', 'E']);
/** R-SEARCH-04: a licence number is typed, never stepped by the arrows or the wheel. */
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown']);

export function FilterTextField(props: FilterTextFieldProps) {
  const { label, value, onChange, rules, error, hint, onEnter, numeric, decimal } = props;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const element = input.current;
    if (!numeric || !element) return;
    // React's wheel listener is passive: only a native one may cancel the step. The page
    // still scrolls when the field is not focused (a focused number input takes the wheel).
    const onWheel = (event: WheelEvent) => {
      if (document.activeElement === element) event.preventDefault();
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [numeric]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (numeric && (BLOCKED_NUMBER_KEYS.has(event.key) || STEP_KEYS.has(event.key))) event.preventDefault();
    if (event.key === 'Enter') {
      // Enter runs the search (R-SEARCH-07) instead of submitting twice.
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
      helperText={error ?? hint}
      onChange={(event) => onChange(event.target.value)}
      inputRef={input}
      slotProps={{
        htmlInput: {
          onKeyDown,
          inputMode: numeric ? 'numeric' : decimal ? 'decimal' : undefined,
          min: numeric ? 0 : undefined,
        },
      }}
    />
  );
}
