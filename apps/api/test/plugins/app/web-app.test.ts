import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@datafeeds/domain';
import { system } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { callTo } from '../../helpers/factories.ts';

const distDir = mkdtempSync(path.join(os.tmpdir(), 'datafeeds-web-dist-'));
mkdirSync(path.join(distDir, 'assets'));
writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><title>DataFeeds</title><div id="root"></div>',
);
writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")');
// The build's precompressed copies of a bigger file.
const appScript = `export const rows = [${'"row",'.repeat(2000)}];`;
writeFileSync(path.join(distDir, 'assets', 'app-def456.js'), appScript);
writeFileSync(path.join(distDir, 'assets', 'app-def456.js.br'), brotliCompressSync(appScript));
writeFileSync(path.join(distDir, 'assets', 'app-def456.js.gz'), gzipSync(appScript));
writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const app = await buildTestApp({ env: { WEB_DIST_DIR: distDir } });
const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the built web app', () => {
  it.each(['/', '/dashboard', '/client/abc12', '/reset-password?resetToken=x'])(
    'GET %s serves index.html, never cached',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    },
  );

  it('serves hashed assets with a long cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['br', 'br, gzip, deflate', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', 'gzip, deflate', (body: Buffer) => gunzipSync(body)],
  ])('sends the precompressed %s copy to a browser that accepts it', async (encoding, accept, decode) => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/app-def456.js',
      headers: { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(appScript.length / 10);
    expect(decode(response.rawPayload).toString()).toBe(appScript);
  });

  it('sends the file as it is to a client that accepts no compression, or when there is no copy', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/app-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appScript);
    const noCopy = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(noCopy.headers['content-encoding']).toBeUndefined();
    expect(noCopy.body).toBe('console.log("app")');
  });

  it('serves other static files without a long cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['an unknown API path', '/api/Nope', html],
    ['the refresh path', '/refresh', html],
    ['a dev path', '/dev/nothing', html],
    ['a request that does not accept HTML', '/dashboard', { accept: 'application/json' }],
    ['a missing asset', '/assets/missing.js', {}],
  ])('answers a JSON 404 for %s', async (_case, url, headers) => {
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(ERROR_CODES.notFound);
  });

  it('still answers the API', async () => {
    expect((await app.inject({ ...callTo(system.health), headers: html })).statusCode).toBe(200);
  });
});

describe('the global request rate limit', () => {
  it('counts the API calls but not the files of the web app', async () => {
    const limited = await buildTestApp({ env: { WEB_DIST_DIR: distDir }, rateLimits: { global: 2 } });
    for (let i = 0; i < 5; i += 1) {
      expect((await limited.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
      expect((await limited.inject({ method: 'GET', url: '/dashboard', headers: html })).statusCode).toBe(
        200,
      );
    }
    expect((await limited.inject(callTo(system.health))).statusCode).toBe(200);
    expect((await limited.inject(callTo(system.health))).statusCode).toBe(200);
    const third = await limited.inject(callTo(system.health));
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });
});

describe('without a built web app', () => {
  it('serves only the API', async () => {
    const apiOnly = await buildTestApp({ env: { WEB_DIST_DIR: path.join(distDir, 'missing') } });
    expect((await apiOnly.inject({ method: 'GET', url: '/dashboard', headers: html })).statusCode).toBe(404);
    expect((await apiOnly.inject(callTo(system.health))).statusCode).toBe(200);
  });
});
