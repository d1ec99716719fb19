import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test files at a time (CI's machine has 2 cores; vitest's default would run one at a time there).
    maxWorkers: 2,
    globalSetup: ['./test/global-setup.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
