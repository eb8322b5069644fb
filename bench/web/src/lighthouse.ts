// Lighthouse (desktop preset) on one page, in a Chromium of its own with an empty cache. For a signed-in
// page the access token is put in localStorage first and Lighthouse is told not to reset storage
// (which would sign the user out); the HTTP cache is then cleared by hand, as the reset would have.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@datafeeds/harness/chromium';
import { TOKEN_STORAGE_KEY } from './access-token.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseRun {
  path: string;
  finalPath: string;
  scores: Record<Category, number>;
  /** Requests the page made to the API, with their status: proof of what the page rendered. */
  apiCalls: string[];
  /** Failed audits of the accessibility category, for the report. */
  accessibilityFailures: string[];
  /** Lighthouse's simulated figures (the score's), and the paints as they happened, unthrottled. */
  metrics: {
    fcp: number;
    lcp: number;
    tbt: number;
    cls: number;
    si: number;
    observedFcp: number;
    observedLcp: number;
  };
  reportPath: string;
}

async function signIn(port: number, baseUrl: string, token: string): Promise<void> {
  // Visit a static file of the origin (no script, so nothing lands in the cache), store the token.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the launched Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/favicon.svg`);
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      TOKEN_STORAGE_KEY,
      token,
    ] as const);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects only: the browser and its profile stay for Lighthouse.
    await browser.close();
  }
}

/** Lighthouse asks to be run again when it could not record a trace (NO_NAVSTART on a busy machine). */
const ATTEMPTS = 3;

export async function runLighthouse(
  baseUrl: string,
  path: string,
  reportDir: string,
  options: { token?: string; label: string },
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouseOnce(baseUrl, path, reportDir, options);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= ATTEMPTS) throw error;
      console.warn(`  (${error.message}; running it again)`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

async function runLighthouseOnce(
  baseUrl: string,
  path: string,
  reportDir: string,
  options: { token?: string; label: string },
): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // Unlike Playwright, chrome-launcher opens a window unless told otherwise.
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    if (options.token !== undefined) await signIn(chrome.port, baseUrl, options.token);
    const result = await lighthouse(
      baseUrl + path,
      {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        disableStorageReset: options.token !== undefined,
      },
      desktopConfig,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(`Lighthouse failed on ${path}: ${lhr.runtimeError.code}`);
    }

    mkdirSync(reportDir, { recursive: true });
    const reportPath = join(reportDir, `${options.label}.html`);
    writeFileSync(reportPath, String(result.report));

    const scores = {} as Record<Category, number>;
    for (const id of CATEGORIES) scores[id] = Math.round((lhr.categories[id]?.score ?? 0) * 100);

    const requests = lhr.audits['network-requests']?.details;
    const apiCalls =
      requests?.type === 'table'
        ? requests.items
            .map((item) => ({ url: String(item.url), status: Number(item.statusCode) }))
            .filter(({ url }) => new URL(url).pathname.startsWith('/api/'))
            .map(({ url, status }) => `${new URL(url).pathname} ${status}`)
        : [];

    const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
      .map((audit) => `${audit?.id}: ${audit?.title}`);

    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const measured = lhr.audits.metrics?.details;
    const observed = (key: string) => {
      const value = measured?.type === 'debugdata' ? measured.items?.[0]?.[key] : undefined;
      return typeof value === 'number' ? value : Number.NaN;
    };
    return {
      path,
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      scores,
      apiCalls,
      accessibilityFailures,
      metrics: {
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        si: metric('speed-index'),
        observedFcp: observed('observedFirstContentfulPaint'),
        observedLcp: observed('observedLargestContentfulPaint'),
      },
      reportPath,
    };
  } finally {
    chrome.kill();
  }
}
