/**
 * A form field at least as wide as its label (R-UI-14: no truncated label in the
 * Paramétrages forms): MUI cuts a label wider than its field with an ellipsis. `ch` is the
 * width of a digit, wider than most letters; 56 px hold the padding and a select's arrow.
 */
export function fitLabelSx(label: string, minWidth = 160) {
  return { minWidth, width: `max(${minWidth}px, calc(${label.length}ch + 56px))`, maxWidth: '100%' } as const;
}
