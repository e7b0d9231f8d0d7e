import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import fs from 'node:fs';

const clientAreas = fs
  .readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** Forbids `<prefix><area>/<file>` imports in `files` (the prefix is how those files reach features/). */
const noDeepImports = (files, prefix) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^${prefix}(${clientAreas.join('|')})/`,
            message: 'Use another area only through its index.ts: import from "…/<area>", not from its files.',
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'tests/e2e/.artifacts/**',
      'server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // A client area is used by others only through its index.ts (HOUSE-RULES rule 10).
  noDeepImports(['client/src/{app,components,lib}/**/*.{ts,tsx}', 'client/src/*.{ts,tsx}'], '(\\.\\./)+features/'),
  noDeepImports(['client/src/features/*/*.{ts,tsx}'], '\\.\\./'),
  noDeepImports(['client/src/features/*/*/**/*.{ts,tsx}'], '\\.\\./\\.\\./'),
  // HOUSE-RULES rule 12: a source file stays under 400 lines, counting every line.
  {
    files: ['{shared,server,worker,client}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'server/src/db/migrations/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  // The client build treats client/src and shared/src as free of import side effects (client/vite.config.ts): a
  // module imported for its effects alone would be dropped.
  {
    files: ['client/src/**/*.{ts,tsx}', 'shared/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[specifiers.length=0]',
          message: 'The client build drops a module imported only for its effects (client/vite.config.ts).',
        },
      ],
    },
  },
  // The server never imports the worker; the worker uses only the server's public entries (HOUSE-RULES 9).
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(@tombo/worker|(\\.\\./)+worker)(/|$)', message: 'The server never imports the worker.' },
          ],
        },
      ],
    },
  },
  // Tenancy fails closed: app code runs on connections of the role tombo_app. The owner (which bypasses
  // row-level security) is for boot and the seed CLI only; no other code opens it or switches role.
  {
    files: ['server/src/**/*.ts', 'worker/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/src/server.ts', 'server/src/db/seed-cli.ts', 'server/src/db/client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='openDatabaseWithOwner']",
          message: 'The owner connection bypasses row-level security: only boot (server.ts) and the seed CLI open it.',
        },
        {
          selector:
            'Literal[value=/\\brole\\s+none\\b|\\breset\\s+role\\b/i], TemplateElement[value.raw=/\\brole\\s+none\\b|\\breset\\s+role\\b/i]',
          message: 'Leaving the app role bypasses row-level security: use read/mutate with a tenancy.',
        },
      ],
    },
  },
  {
    files: ['worker/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^@tombo/server/(?!(config|db/client|logger|realtime/publisher|modules/jobs/runtime/index)$)|^(\\.\\./)+server/',
              message:
                'The worker uses the server only through config, db/client, logger, realtime/publisher, modules/jobs/runtime/index.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  prettier,
);
