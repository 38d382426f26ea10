import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

/**
 * The reason a control is disabled, shown on mouse hover and on keyboard focus. The child
 * must stay focusable (tabIndex 0 and aria-disabled, never the `disabled` attribute,
 * which would take it out of the tab order and silence the tooltip).
 */
export function ReasonTooltip({ reason, children }: { reason: string; children: ReactElement }) {
  return (
    <Tooltip title={reason} describeChild arrow placement="top" enterDelay={150}>
      {children}
    </Tooltip>
  );
}
