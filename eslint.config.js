// One lint configuration for every workspace: syntax-level rules only (typescript-eslint's recommended set,
// without type information, so lint stays fast); the types themselves are checked by `npm run typecheck`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const webForbiddenImports = [
  { group: ['@datafeeds/api', '**/apps/api/**'], message: 'The web app reaches the API only over HTTP.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/api/.test-builds/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type A } from 'm'` keeps `import 'm'` under verbatimModuleSyntax: the module still loads
      // and stays in the bundler's module graph for nothing. `import type` leaves nothing.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The API reads its environment in one module only (style: config parsed once at boot).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config/env.ts', 'apps/api/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config/env.ts' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // The web app and the API meet only through the domain package.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: webForbiddenImports }],
    },
  },
  {
    // Features never import each other (bulletproof-react): app/ composes them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webForbiddenImports,
            {
              group: ['@/features/*', '../../*'],
              message: 'Features do not import each other; compose them in app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // @datafeeds/verifier runs inside data-feed services: no schema library at run time (its tests may
    // read the contracts). Types are erased, so type imports are fine.
    files: ['packages/verifier/src/**/*.ts'],
    ignores: ['packages/verifier/src/**/*.test.ts', 'packages/verifier/src/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@datafeeds/domain', '@datafeeds/domain/calls', 'zod'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'The verifier imports only @datafeeds/domain/credentials at run time (zod-free).',
          })),
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@datafeeds/web', '**/apps/web/**'] }],
    },
  },
);
