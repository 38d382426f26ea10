import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// R-UI-11: axe-core with WCAG 2.0/2.1 A and AA and axe's best practices.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe-core on the page as it is now; any violation fails the test (softly, so that one
 * run lists every screen's violations), each named with its rule and where it is.
 */
export async function expectNoAxeViolations(page: Page, screen: string) {
  // Page transitions (the side navigation's 300 ms fade) must end first: mid-fade, text is
  // half transparent and its contrast is not what the user reads.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? '?'}): ${violation.help} -> ${violation.nodes
        .slice(0, 4)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
  expect.soft(found, `axe violations on ${screen}`).toEqual([]);
}
