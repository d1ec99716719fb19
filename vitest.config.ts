import { defineConfig } from 'vitest/config';
import { LANES, LISTED } from './test/lanes.ts';

/**
 * One vitest project per test lane (test/lanes.ts): `vitest run` (npm test) runs every lane,
 * `vitest run --project fast` (npm run test:fast) one. Only the lanes that spawn dist/koth.js
 * build it first (test/global-setup.ts).
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test files at a time (CI's machine has 2 cores; vitest's default would run one at a time there).
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
    projects: LANES.map((lane) => ({
      extends: true as const,
      test: {
        name: lane.name,
        include: lane.name === 'fast' ? ['**/*.test.ts'] : lane.files,
        exclude: ['node_modules/**', 'dist/**', ...(lane.name === 'fast' ? LISTED : [])],
        globalSetup: lane.build ? ['./test/global-setup.ts'] : [],
        setupFiles: lane.name === 'fast' ? ['./test/fast-lane.ts'] : [],
      },
    })),
  },
});
