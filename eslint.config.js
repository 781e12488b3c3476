// One lint configuration for the whole repository (formatting is Prettier's).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/generated/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Data flows one way (ARCHITECTURE.md): machines never import React or the DOM layer,
    // the dev server never imports the web app, nothing imports the e2e suite.
    files: ['packages/machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', '@xstate/react', '@portal/web', '@portal/devserver'],
              message: 'Machines are UI- and server-free.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/devserver/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/web', '@portal/machines', 'react'],
              message: 'The dev server never imports the UI.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/sdk/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/*'],
              message: 'The SDK is the bottom layer: it imports no other package.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test/**',
      '**/bench/**',
      'e2e/**',
      '**/scripts/**',
      'scripts/**',
      '**/seed.ts',
    ],
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  prettier,
);
