// Layout checks the specs share: the widths the app is built for (the theme's breakpoints, 360 px for
// the smallest phones) and what must hold at each.
import { expect, type Locator, type Page } from '@playwright/test';
import { settle } from './accessibility.ts';
import { BREAKPOINTS, SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_OPEN } from './app.ts';

export const SMALLEST_PHONE = 360;
export const WIDTHS = [
  SMALLEST_PHONE,
  BREAKPOINTS.sm,
  BREAKPOINTS.md,
  BREAKPOINTS.lg,
  BREAKPOINTS.xl,
] as const;
export const MD = BREAKPOINTS.md;
export const LG = BREAKPOINTS.lg;
/** Spec §2: the sidebar is 280 px open and 87 px collapsed (the domain package's screen constants). */
export const SIDEBAR_WIDTH = { open: SIDEBAR_WIDTH_OPEN, collapsed: SIDEBAR_WIDTH_COLLAPSED };

export async function resizeTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await settle(page);
}

/**
 * Nothing scrolls sideways: not the page, and not a box inside it. Names the elements that stick out,
 * so a failure says where to look.
 */
export async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  // Measured again until it holds or 5 s have passed: after a resize, MUI's transitions (the sidebar
  // becoming a drawer) may still be running on a busy machine, and only the settled layout counts.
  let found = await measureSidewaysScroll(page);
  for (let waited = 0; waited < 5_000 && !fitsWidth(found); waited += 100) {
    await page.waitForTimeout(100);
    found = await measureSidewaysScroll(page);
  }
  expect
    .soft(
      found.scrollWidth,
      `${screen} at ${found.width}px scrolls sideways: ${found.stickingOut.join(', ')}`,
    )
    .toBeLessThanOrEqual(found.width);
  expect.soft(found.scrollingBoxes, `${screen} at ${found.width}px has boxes scrolling sideways`).toEqual([]);
}

type SidewaysScroll = Awaited<ReturnType<typeof measureSidewaysScroll>>;

const fitsWidth = (found: SidewaysScroll) =>
  found.scrollWidth <= found.width && found.scrollingBoxes.length === 0;

function measureSidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 2).join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const width = window.innerWidth;
    const all = [...document.body.querySelectorAll('*')];
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width,
      stickingOut: all
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .slice(0, 5)
        .map(describe),
      scrollingBoxes: all
        .filter((element) => {
          const overflowX = getComputedStyle(element).overflowX;
          return (
            (overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1
          );
        })
        .map(describe),
    };
  });
}

/** The box lies inside the viewport, whole. */
export async function expectWithinViewport(page: Page, box: Locator, screen: string): Promise<void> {
  const bounds = await box.boundingBox();
  const viewport = page.viewportSize();
  expect(bounds, `${screen} is on screen`).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!bounds || !viewport) return;
  expect.soft(bounds.x, `${screen} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect
    .soft(bounds.x + bounds.width, `${screen} ends inside the viewport`)
    .toBeLessThanOrEqual(viewport.width);
  expect.soft(bounds.y, `${screen} starts below the top`).toBeGreaterThanOrEqual(0);
  expect
    .soft(bounds.y + bounds.height, `${screen} ends above the bottom`)
    .toBeLessThanOrEqual(viewport.height);
}
