// Accessibility checks the specs share: axe-core against WCAG 2.1 A/AA and best practice, in both
// display modes, once the page has settled (dialogs and the sidebar animate).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const DISPLAY_MODES = ['light', 'dark'] as const;
type DisplayMode = (typeof DISPLAY_MODES)[number];

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Waits for running transitions (a dialog fading in, the sidebar collapsing) to finish. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
  );
}

/**
 * Puts the page in a display mode the way a new visitor gets it: the system preference, with no saved
 * choice. The app follows the preference live, so open dialogs and filled forms stay as they are.
 */
async function useDisplayMode(page: Page, mode: DisplayMode): Promise<void> {
  await page.emulateMedia({ colorScheme: mode });
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (/mode|theme|scheme/i.test(key)) localStorage.removeItem(key);
  });
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme))
    .toContain(mode);
  await settle(page);
}

/** Fails with a readable list (rule, impact, offending elements) when axe finds anything. */
async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await settle(page);
  // Legacy mode runs axe in the page itself: the default merges each frame's results in a new blank page,
  // injecting axe there too, which doubled the time of every check (A/B on /login: 0.4-0.5 of it, the
  // same violations). The app has no frames of its own to merge.
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
  const report = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary}`).join('\n'),
  );
  // Soft: one run lists the violations of every screen the spec visits, not only the first.
  expect.soft(report, `axe violations on ${screen}`).toEqual([]);
}

/** Checks the screen as it is now in light mode, then in dark mode. */
export async function expectAccessibleInBothModes(page: Page, screen: string): Promise<void> {
  for (const mode of DISPLAY_MODES) {
    await useDisplayMode(page, mode);
    await expectNoAxeViolations(page, `${screen} (${mode})`);
  }
}
