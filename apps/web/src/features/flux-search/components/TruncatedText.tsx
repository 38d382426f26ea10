import { useEffect, useRef } from 'react';

const isTruncated = (element: Element) => element.scrollWidth > element.clientWidth;

/**
 * Marks a cut text for the table's tooltip (useDelegatedTooltip reads its text) and puts it
 * in the tab order, so the keyboard reaches what the mouse can hover. Written on the DOM,
 * not in React state: a slice of 'Tous' mounts about a hundred of these at once, and a
 * second render of each, to add two attributes, showed in the scrolling time.
 */
function mark(element: Element, truncated: boolean) {
  if (truncated) {
    element.setAttribute('tabindex', '0');
    element.setAttribute('data-tooltip-text', '');
  } else {
    element.removeAttribute('tabindex');
    element.removeAttribute('data-tooltip-text');
  }
}

/**
 * One observer for every cell. It reports each new element once laid out, then on each
 * change of size; all widths are read before any attribute is written (no layout thrash).
 */
let sharedObserver: ResizeObserver | undefined;
function observer(): ResizeObserver | undefined {
  if (typeof ResizeObserver === 'undefined') return undefined;
  sharedObserver ??= new ResizeObserver((entries) => {
    const states = entries.map((entry) => [entry.target, isTruncated(entry.target)] as const);
    for (const [element, truncated] of states) mark(element, truncated);
  });
  return sharedObserver;
}

/**
 * One line ending in '…' when the column is too narrow; then its full text shows in the
 * table's tooltip on hover and on keyboard focus. A text that fits adds neither a tooltip
 * nor a tab stop (the row's tab stops stay its two actions). Screen readers read the whole
 * text either way: only the painting is cut.
 */
export function TruncatedText({ text }: { text: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = ref.current;
    const shared = observer();
    if (!element || !shared) return;
    shared.observe(element);
    return () => shared.unobserve(element);
  }, []);
  // A new text in a cell of the same width: the observer would not see it.
  const shown = useRef(text);
  useEffect(() => {
    if (shown.current === text || !ref.current) return;
    shown.current = text;
    mark(ref.current, isTruncated(ref.current));
  }, [text]);
  return (
    <span
      ref={ref}
      style={{ display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {text}
    </span>
  );
}
