import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'web/dist', 'test-output', '.data', '.cache', 'tools'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'drill/**/*.ts', 'bench/**/*.ts'],
    // Regular expressions meet customer text, log lines and model output: one that backtracks
    // super-linearly lets a single message freeze every conversation (issue 12, case 5).
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config.ts only.' },
      ],
    },
  },
  {
    // Plain Node scripts (not type-checked): declare Node's globals.
    files: ['**/*.mjs', '*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        setInterval: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
  {
    files: [
      'src/config.ts',
      'src/main.ts',
      'scripts/**',
      'test/**',
      'bench/**',
      'drill/**',
      'src/**/*-cli.ts',
      'src/cli/**',
      'examples/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
