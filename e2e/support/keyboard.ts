// Moving through a page the way a keyboard user does: Tab and Shift+Tab only, never a click.
import { expect, type ElementHandle, type Locator, type Page } from '@playwright/test';

type FocusState = 'focused' | 'elsewhere' | 'detached';

/**
 * Where focus is relative to an element found once. Finding by role and name walks the page's whole
 * accessibility tree, which per press made the keyboard story a minute long beside another worker: the
 * element is looked up once and asked directly, and looked up again only if React replaced it.
 */
function focusStateOf(element: ElementHandle): Promise<FocusState> {
  return element.evaluate((node) =>
    !node.isConnected ? 'detached' : node === document.activeElement ? 'focused' : 'elsewhere',
  );
}

/** Presses Tab (Shift+Tab with `backwards`) until `target` has focus, as a user looking for it would. */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 60 } = {},
): Promise<void> {
  let element = await target.elementHandle();
  try {
    for (let presses = 0; presses < max;) {
      const state = await focusStateOf(element);
      if (state === 'focused') break;
      if (state === 'detached') {
        await element.dispose();
        element = await target.elementHandle();
        continue;
      }
      await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
      presses += 1;
    }
  } finally {
    await element.dispose();
  }
  await expect(target).toBeFocused();
}

/** Tabbing forwards and backwards past every control of an open dialog never leaves the dialog. */
export async function expectFocusTrappedIn(page: Page, dialog: Locator): Promise<void> {
  const element = await dialog.elementHandle();
  try {
    const focusInside = () => element.evaluate((node) => node.contains(document.activeElement));
    const controls = await dialog.locator('button:not([disabled]), input, textarea, a[href]').count();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let presses = 0; presses < controls + 2; presses += 1) {
        await page.keyboard.press(key);
        expect(await focusInside(), `focus stays in the dialog after ${presses + 1} × ${key}`).toBe(true);
      }
    }
  } finally {
    await element.dispose();
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
