// Moving through a page the way a keyboard user does: Tab and Shift+Tab only, never a click.
import { expect, type Locator, type Page } from '@playwright/test';

async function hasFocus(target: Locator): Promise<boolean> {
  if ((await target.count()) !== 1) return false;
  return target.evaluate((element) => element === document.activeElement);
}

/** Presses Tab (Shift+Tab with `backwards`) until `target` has focus, as a user looking for it would. */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 60 } = {},
): Promise<void> {
  for (let presses = 0; presses < max && !(await hasFocus(target)); presses += 1)
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  await expect(target).toBeFocused();
}

/** Tabbing forwards and backwards past every control of an open dialog never leaves the dialog. */
export async function expectFocusTrappedIn(page: Page, dialog: Locator): Promise<void> {
  const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  const controls = await dialog.locator('button:not([disabled]), input, textarea, a[href]').count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let presses = 0; presses < controls + 2; presses += 1) {
      await page.keyboard.press(key);
      expect(await focusInside(), `focus stays in the dialog after ${presses + 1} × ${key}`).toBe(true);
    }
  }
}

/** The field is marked invalid and described by the visible message, so a screen reader tells it. */
export async function expectAnnouncedError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
