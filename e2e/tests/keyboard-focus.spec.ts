import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';

// R-UI-17 (WCAG 2.4.7): every element the keyboard reaches shows where the focus is, and
// after a navigation the focus is on the new page's heading.

interface FocusRing {
  element: string;
  ring: string | null;
}

/**
 * The focused element and the ring it shows: an outline of at least 2 px or a box-shadow,
 * on itself or on the frame that draws it (a text field's frame, a checkbox's button).
 */
function focusRing(page: Page): Promise<FocusRing> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} «${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}»`;
    if (!focused || focused === document.body) return { element: 'body', ring: null };
    let candidate: Element | null = focused;
    for (let depth = 0; candidate && depth < 4; depth += 1, candidate = candidate.parentElement) {
      const style = getComputedStyle(candidate);
      const width = parseFloat(style.outlineWidth);
      if (style.outlineStyle !== 'none' && width >= 2)
        return { element: describe(focused), ring: `outline ${width}px ${style.outlineColor}` };
      if (style.boxShadow && style.boxShadow !== 'none' && candidate === focused)
        return { element: describe(focused), ring: `box-shadow ${style.boxShadow}` };
    }
    return { element: describe(focused), ring: null };
  });
}

/** Tabs `count` times from the page's start; every stop must show its ring. */
async function tabThrough(page: Page, screen: string, count: number) {
  const missing: string[] = [];
  const seen = new Set<string>();
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  for (let step = 0; step < count; step += 1) {
    await page.keyboard.press('Tab');
    const { element, ring } = await focusRing(page);
    seen.add(element);
    if (element !== 'body' && ring === null) missing.push(element);
  }
  expect(seen.size, `${screen}: the keyboard reaches several elements`).toBeGreaterThan(3);
  expect(missing, `${screen}: elements focused without a visible ring`).toEqual([]);
}

test.describe('keyboard focus (R-UI-17)', () => {
  test('shows a ring on every element reached by Tab on the main screens', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'siege@demo.fr');
    const screens: [string, string, number][] = [
      ['/gestion-des-finances', 'the finance dashboard', 14],
      ['/gestion-comptabilite', 'the accounting dashboard', 10],
      ['/gestion-des-finances/flux-financiers', 'the flux search', 20],
      ['/export-fichiers/sage', 'the SAGE export', 16],
      ['/gestion-comptabilite/parametrages/flux-financier', 'the fiscal years', 16],
    ];
    for (const [path, screen, count] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
      await tabThrough(page, screen, count);
    }
  });

  test('moves the focus to the new page’s heading after a navigation', async ({ page }) => {
    await signIn(page, 'siege@demo.fr');
    await page.goto('/gestion-des-finances');
    const card = page.getByRole('link', { name: 'SAGE/SEPA' });
    await card.focus();
    // The dashboard card shows its ring too (it had none).
    expect((await focusRing(page)).ring).not.toBeNull();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAttribute('tabindex', '-1');
  });
});
