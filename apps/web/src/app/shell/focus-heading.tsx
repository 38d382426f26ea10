import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Focuses the page's h1 (focusable with tabIndex -1); false while the page has none yet. */
function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return true;
}

/** Nothing has the focus yet: the page just loaded and no field took it (autofocus). */
const nothingFocused = () => document.activeElement === null || document.activeElement === document.body;

/**
 * R-UI-17: after a navigation the focus moves to the new page's heading (a screen reader
 * reads it, Tab goes on from the page's start), waiting for it when the page is still loading.
 * A page opened from outside (a link of the parent app, the dashboard's external card) counts
 * as a navigation when nothing has the focus; a field that took it on arrival keeps it. A
 * change of query string is no navigation.
 */
function useFocusHeadingOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const arrival = first.current;
    first.current = false;
    const settle = () => (arrival && !nothingFocused()) || focusHeading();
    if (settle()) return undefined;
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);
}

/** The router's root: every page under it gets its heading focused after a navigation. */
export function NavigationFocus() {
  useFocusHeadingOnNavigation();
  return <Outlet />;
}
