import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
        { patterns: [{ group: ['**/contracts', '**/contracts/*'], allowTypeImports: true, message: 'Import API contracts with `import type` (src/contracts/README.md).' }] },
      ],
    },
  },
  {
    // API contracts are shared by server, web and tests: they import TypeBox and each other, nothing else of ours.
    files: ['src/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['../server/*', '../web/*', '../engine/*', 'node:*', 'fastify', 'react'] }] },
  },
  {
    // The engine is shared by browser, server and CLI: no React, no DOM, no Node API.
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-*', '@mui/*', 'fs', 'path', '../web/*', '../server/*'] }],
    },
  },
);
