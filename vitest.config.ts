import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One MongoDB-wire server for the whole run; each test file gets its own database.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep parallelism modest so timing-sensitive HTTP tests do not starve.
    maxWorkers: 2,
    pool: 'forks',
  },
});
