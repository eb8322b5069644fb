// What the first load of a page downloads: every JavaScript and CSS response of a fresh browser
// context (empty cache) until the network is idle and the page has rendered its heading.
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '@datafeeds/harness/chromium';
import { TOKEN_STORAGE_KEY } from './access-token.ts';

export interface LoadedFile {
  url: string;
  kind: 'js' | 'css';
  /** Bytes on the wire (the body as served, before decoding). */
  transferred: number;
  /** Content-Encoding of the response, or 'identity'. */
  encoding: string;
  /** Size of the decoded body. */
  raw: number;
  /** The body gzipped here (level 9, as the build precompresses): comparable whatever the server sends. */
  gzip: number;
}

export interface FirstLoad {
  path: string;
  finalPath: string;
  files: LoadedFile[];
  /** Paths of the scripts index.html names (entry script and modulepreloads): loaded before the app runs. */
  entryScripts: string[];
}

/** The scripts the served HTML names: the entry and its modulepreloads (the router loads the rest). */
async function entryScriptsOf(url: string): Promise<string[]> {
  const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => tag.startsWith('<script') || /rel="modulepreload"/.test(tag))
    .map((tag) => /(?:src|href)="([^"]+)"/.exec(tag)?.[1])
    .filter((src): src is string => src !== undefined)
    .map((src) => new URL(src, url).pathname);
}

function kindOf(url: string, contentType: string): LoadedFile['kind'] | null {
  if (contentType.includes('javascript') || /\.m?js(\?|$)/.test(url)) return 'js';
  if (contentType.includes('text/css') || /\.css(\?|$)/.test(url)) return 'css';
  return null;
}

async function measure(page: Page, url: string): Promise<LoadedFile[]> {
  const pending: Promise<LoadedFile | null>[] = [];
  page.on('response', (response) => {
    pending.push(
      (async () => {
        const kind = kindOf(response.url(), response.headers()['content-type'] ?? '');
        if (kind === null || response.status() !== 200) return null;
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          url: response.url(),
          kind,
          transferred: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'identity',
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  return (await Promise.all(pending)).filter((file): file is LoadedFile => file !== null);
}

/** Loads each path in its own fresh context; a token signs the user in before the app starts. */
export async function measureFirstLoads(
  baseUrl: string,
  pages: { path: string; token?: string }[],
): Promise<FirstLoad[]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const results: FirstLoad[] = [];
    for (const { path, token } of pages) {
      const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
      if (token !== undefined) {
        await context.addInitScript(
          ([key, value]) => {
            if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
          },
          [TOKEN_STORAGE_KEY, token] as const,
        );
      }
      const page = await context.newPage();
      const files = await measure(page, baseUrl + path);
      const entryScripts = await entryScriptsOf(baseUrl + path);
      results.push({ path, finalPath: new URL(page.url()).pathname, files, entryScripts });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
