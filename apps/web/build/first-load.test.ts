import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { firstLoadScripts, scriptsNamedBy } from './first-load';

const html = `<!doctype html><html><head>
  <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  <script type="module" crossorigin src="/assets/index.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/react.js">
  <link rel="stylesheet" crossorigin href="/assets/index.css">
</head><body><div id="root"></div></body></html>`;

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/routes/login.tsx', 'src/routes/dashboard.tsx', 'src/shell.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  'src/routes/login.tsx': {
    file: 'assets/login.js',
    src: 'src/routes/login.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_sign-in.js'],
    dynamicImports: ['src/validation.ts'],
  },
  '_sign-in.js': { file: 'assets/sign-in.js', imports: ['_react.js', '_icons.js'] },
  '_icons.js': { file: 'assets/icons.js' },
  'src/validation.ts': { file: 'assets/validation.js', isDynamicEntry: true },
  'src/routes/dashboard.tsx': { file: 'assets/dashboard.js', isDynamicEntry: true, imports: ['_charts.js'] },
  '_charts.js': { file: 'assets/charts.js' },
  'src/shell.tsx': { file: 'assets/shell.js', isDynamicEntry: true, imports: ['_react.js', '_charts.js'] },
};

describe('scriptsNamedBy', () => {
  it('lists the entry script and the modulepreloads, not icons or stylesheets', () => {
    expect(scriptsNamedBy(html)).toEqual(['assets/index.js', 'assets/react.js']);
  });
});

describe('firstLoadScripts', () => {
  it('adds the route chunk and its static imports, transitively, each once', () => {
    expect(firstLoadScripts(manifest, html, 'src/routes/login.tsx')).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/login.js',
      'assets/sign-in.js',
      'assets/icons.js',
    ]);
  });

  it('leaves out dynamic imports and other routes', () => {
    const files = firstLoadScripts(manifest, html, 'src/routes/login.tsx');
    expect(files).not.toContain('assets/validation.js');
    expect(files).not.toContain('assets/dashboard.js');
    expect(files).not.toContain('assets/charts.js');
  });

  it('adds a layout route and its page, with the chunks they share once', () => {
    expect(firstLoadScripts(manifest, html, 'src/shell.tsx', 'src/routes/dashboard.tsx')).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/shell.js',
      'assets/charts.js',
      'assets/dashboard.js',
    ]);
  });

  it('fails when the route is not a chunk loaded on demand', () => {
    expect(() => firstLoadScripts(manifest, html, 'src/routes/moved.tsx')).toThrow(/has the route moved/);
    expect(() => firstLoadScripts(manifest, html, '_sign-in.js')).toThrow(/has the route moved/);
    expect(() => firstLoadScripts(manifest, html, 'src/shell.tsx', 'src/routes/moved.tsx')).toThrow(
      /src\/routes\/moved\.tsx .*has the route moved/,
    );
  });

  it('fails when a chunk names an import the manifest lacks', () => {
    const broken: Manifest = {
      ...manifest,
      '_sign-in.js': { file: 'assets/sign-in.js', imports: ['_gone.js'] },
    };
    expect(() => firstLoadScripts(broken, html, 'src/routes/login.tsx')).toThrow(/no chunk _gone\.js/);
  });
});
