import { expect, type Locator, type Page } from '@playwright/test';

/** The product's JJ/MM/AAAA date picker labelled `label` (R-UI-18): a group of day, month, year. */
export const dateField = (scope: Page | Locator, label: string) =>
  scope.getByRole('group', { name: label, exact: true });

/** 'YYYY-MM-DD' as the picker shows it, 'DD/MM/YYYY'. */
export const shownDate = (iso: string) => iso.split('-').reverse().join('/');

/** Types `iso` into the picker as a user would: its sections cleared, then the day, month and year. */
export async function fillDate(field: Locator, iso: string) {
  await field.getByRole('spinbutton').first().click();
  const keyboard = field.page().keyboard;
  await keyboard.press('ControlOrMeta+a');
  await keyboard.press('Backspace');
  await keyboard.type(shownDate(iso).replaceAll('/', ''));
  await expect(field.locator('input')).toHaveValue(shownDate(iso));
}

/** The picker's day as YYYY-MM-DD. */
export async function dateOf(field: Locator): Promise<string> {
  return (await field.locator('input').inputValue()).split('/').reverse().join('-');
}

/** Whether the focus is inside the picker (its sections take it, not the group). */
export const focusedWithin = (field: Locator) => field.evaluate((element) => element.contains(document.activeElement));
