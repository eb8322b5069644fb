// Accessibility checks the specs share: axe-core against WCAG 2.1 A/AA and best practice, in both
// display modes, once the page has settled (dialogs and the sidebar animate).
import axe from 'axe-core';
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

/**
 * axe-core in every frame of the page's current document, once per document: the source is half a
 * megabyte that each `evaluate` parses and initialises again. @axe-core/playwright's AxeBuilder does so
 * twice per check (once to probe, once per frame before running), most of each check's time.
 * Configured as AxeBuilder's legacy mode configures it.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => 'axe' in window)) continue;
    await frame.evaluate(axe.source);
    await frame.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.configure({
        allowedOrigins: ['<same_origin>'],
        branding: { application: 'playwright' },
      }),
    );
  }
}

/**
 * The violations axe finds in the page as it is now, against AXE_TAGS: `axe.run` in the page itself,
 * what AxeBuilder's legacy mode runs (design §7). Only the violations come back (`resultTypes`: the
 * passes are not listed node by node), which is all the checks read.
 */
export async function axeViolations(page: Page): Promise<axe.Result[]> {
  await injectAxe(page);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then(({ violations }) => violations),
    AXE_TAGS,
  );
}

/** Fails with a readable list (rule, impact, offending elements) when axe finds anything. */
async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await settle(page);
  const violations = await axeViolations(page);
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

/** The widths a screen's accessibility is checked at: the smallest phone and a desktop. */
const PHONE_AND_DESKTOP = [360, 1440] as const;

/** Checks the screen as it is at a phone's width and a desktop's, light and dark at each. */
export async function expectAccessibleAtWidths(page: Page, screen: string): Promise<void> {
  for (const width of PHONE_AND_DESKTOP) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessibleInBothModes(page, `${screen} at ${width} px`);
  }
}
