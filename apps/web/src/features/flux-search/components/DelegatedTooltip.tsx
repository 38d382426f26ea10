import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef, useState, type FocusEvent, type MouseEvent, type ReactNode } from 'react';

/** MUI's hover delay for a cut text (longer: the pointer often just passes over), and for icons. */
const TEXT_DELAY = 300;
const ICON_DELAY = 100;
/** Time to move the pointer onto the tooltip (WCAG 1.4.13: hoverable) before it closes. */
const LEAVE_DELAY = 150;

/** An element's tooltip: `data-tooltip="…"` names it (icons). */
const TOOLTIP_ATTRIBUTE = 'data-tooltip';
/** A cut text (TruncatedText): its tooltip is its own full text, after a longer delay. */
const TOOLTIP_TEXT_ATTRIBUTE = 'data-tooltip-text';
const SELECTOR = `[${TOOLTIP_ATTRIBUTE}], [${TOOLTIP_TEXT_ATTRIBUTE}]`;

interface Anchor {
  element: HTMLElement;
  text: string;
}

export interface DelegatedTooltipHandlers {
  onMouseOver: (event: MouseEvent) => void;
  onMouseOut: (event: MouseEvent) => void;
  onFocus: (event: FocusEvent) => void;
  onBlur: () => void;
  onScroll: () => void;
}

function tooltipTarget(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(SELECTOR) : null;
}

/**
 * One MUI Tooltip for a whole table, moved to the element under the pointer or keyboard
 * focus that carries `data-tooltip` (or `data-tooltip-text`, a cut text). A Tooltip per
 * cell (five per row) made each scroll of 'Tous' to a new slice of rows several times
 * slower on the 2-core machine; this one costs nothing until it opens. Opens on hover and
 * on keyboard focus (:focus-visible, as MUI's own); closes on leave, blur, scroll, Escape.
 */
export function useDelegatedTooltip(): { handlers: DelegatedTooltipHandlers; tooltip: ReactNode } {
  const [anchor, setAnchor] = useState<Anchor | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const later = (action: () => void, delay: number) => {
    window.clearTimeout(timer.current);
    if (delay === 0) action();
    else timer.current = window.setTimeout(action, delay);
  };
  const show = (element: HTMLElement, delay: number) => {
    const text = element.hasAttribute(TOOLTIP_TEXT_ATTRIBUTE)
      ? element.textContent
      : element.getAttribute(TOOLTIP_ATTRIBUTE);
    if (text) later(() => setAnchor({ element, text }), delay);
  };
  const hide = (delay: number) => later(() => setAnchor(null), delay);
  const keep = () => window.clearTimeout(timer.current);

  const handlers: DelegatedTooltipHandlers = {
    onMouseOver: (event) => {
      const element = tooltipTarget(event.target);
      if (!element) return;
      if (element === anchor?.element) return keep();
      // Already showing one: the next follows at once, as MUI's tooltips do.
      const delay = element.hasAttribute(TOOLTIP_TEXT_ATTRIBUTE) ? TEXT_DELAY : ICON_DELAY;
      show(element, anchor ? 0 : delay);
    },
    onMouseOut: (event) => {
      const element = tooltipTarget(event.target);
      if (element && !(event.relatedTarget instanceof Node && element.contains(event.relatedTarget))) hide(LEAVE_DELAY);
    },
    onFocus: (event) => {
      const element = tooltipTarget(event.target);
      if (element && element === event.target && element.matches(':focus-visible')) show(element, 0);
    },
    onBlur: () => hide(0),
    onScroll: () => {
      if (anchor) hide(0);
    },
  };

  const tooltip = (
    <Tooltip
      open={anchor !== null}
      title={anchor?.text ?? ''}
      onClose={() => hide(0)}
      disableHoverListener
      disableFocusListener
      disableTouchListener
      slotProps={{
        popper: { anchorEl: anchor?.element, onMouseEnter: keep, onMouseLeave: () => hide(LEAVE_DELAY) },
      }}
    >
      <span hidden />
    </Tooltip>
  );
  return { handlers, tooltip };
}
