import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const root = import.meta.dirname;
const featuresDir = path.join(root, 'src/web/features');
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** What a feature offers the others: its index.ts, where it has one (features/carts); the rest is its own. */
const featureEntries = features
  .filter((feature) => existsSync(path.join(featuresDir, feature, 'index.ts')))
  .map((feature) => `./${feature}/index.ts`);

/** Unit tests beside web and engine code compile the real definitions with the server's loader (a test, not a dependency). */
const definitionsLoader = ({ isTest }) => (isTest ? ['./definitions'] : []);

/**
 * The layers' boundaries (import-x/no-restricted-paths, on resolved paths). The engine and the contracts are
 * shared by web, server and tests, so they import neither web nor server; web and server only meet through them
 * (and the HTTP API). A feature folder imports another feature only through that feature's index.ts. Browser
 * tests drive the server over HTTP: only their harness (tests/e2e/support, with tests/support/test-server.ts)
 * reaches into src/server to start and seed one.
 */
const boundaryZones = (options = { isTest: false }) => [
  ...features.map((feature) => ({
    target: `src/web/features/${feature}`,
    from: 'src/web/features',
    except: [`./${feature}`, ...featureEntries],
    message:
      'A feature imports another feature only through its index.ts (move shared code to src/web/shared, or export it from the index).',
  })),
  {
    target: 'src/web',
    from: 'src/server',
    except: definitionsLoader(options),
    message: 'The web app never imports the server: share types through src/contracts or src/engine.',
  },
  {
    target: 'src/server',
    from: 'src/web',
    message: 'The server never imports the web app: share code through src/contracts or src/engine.',
  },
  {
    target: 'src/engine',
    from: 'src/web',
    message: 'The engine is shared by browser, server and CLI: it imports neither.',
  },
  {
    target: 'src/engine',
    from: 'src/server',
    except: definitionsLoader(options),
    message: 'The engine is shared by browser, server and CLI: it imports neither.',
  },
  {
    target: 'src/definition-tree',
    from: ['src/web', 'src/server', 'scripts'],
    message:
      'The definitions tree is shared by browser (the workbench worker), server and CLI: it imports the engine only.',
  },
  {
    target: 'src/contracts',
    from: ['src/web', 'src/server'],
    message: 'The API contracts are shared by web, server and tests: they import neither.',
  },
  { target: 'src', from: 'tests', message: 'Application code never imports tests.' },
  {
    target: 'tests/e2e/*.ts',
    from: 'src/server',
    message:
      'Browser tests drive the server over HTTP; what they need of its insides goes through tests/e2e/support (server-state.ts).',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'src/server/db/migrations/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The web app takes API contracts as types only: a value import would bundle TypeBox into the browser.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/contracts', '**/contracts/*'],
              allowTypeImports: true,
              message: 'Import API contracts with `import type` (src/contracts/README.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // API contracts are shared by server, web and tests: they import TypeBox and each other, nothing else of ours.
    files: ['src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['../server/*', '../web/*', '../engine/*', 'node:*', 'fastify', 'react'] },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones() }] },
  },
  {
    files: ['src/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones({ isTest: true }) }] },
  },
  {
    // The engine and the definitions tree are shared by browser, server and CLI: no React, no DOM, no Node API.
    files: ['src/engine/**/*.ts', 'src/definition-tree/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts', 'src/definition-tree/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'react-*', '@mui/*', 'fs', 'path', '../web/*', '../server/*'] },
      ],
    },
  },
);
