import { defineConfig } from 'vitest/config';
import LongestFirst from './vitest.sequencer.ts';

/**
 * The test lanes: every test file runs in exactly one, chosen by the heaviest thing it needs;
 * one vitest project each. `npm test` (`vitest run`) runs every lane, `npm run test:<lane>`
 * (`vitest run --project <lane>`) one. Only the lanes that spawn dist/koth.js build it first
 * (test/global-setup.ts). test/lanes.test.ts checks that vitest puts every *.test.ts in exactly
 * one lane and that each file listed here exists, so no file is dropped; test/fast-lane.ts
 * refuses, while the fast lane runs, the processes and threads it must not start.
 *
 * A new test file lands in `fast` unless it is listed below: list it in the first lane whose
 * need it has (services, sandbox, cli, heavy).
 */
export interface Lane {
  /** The vitest project's name (`--project`, `npm run test:<name>`). */
  name: string;
  /** What the lane's files need, for the README and for `--help`-like messages. */
  needs: string;
  /** Builds dist/koth.js first (test/global-setup.ts): its files spawn the CLI. */
  build: boolean;
  /** Its files, relative to the repository; `fast` has none: it is every file not listed. */
  files: string[];
}

export const LANES: readonly Lane[] = [
  {
    name: 'fast',
    needs: 'nothing: pure unit, conformance, layering, docs and golden tests in the test process (no build, no sandbox, no service, no CLI process)',
    build: false,
    files: [],
  },
  {
    name: 'heavy',
    needs: 'CPU only, in the test process like fast, but long: whole tournaments, recorded traces and Monte Carlo searches replayed through the ports, sharded runs on worker threads',
    build: false,
    files: [
      'engines/atomas/rules.test.ts',
      'engines/camel-up/format2026.test.ts',
      'engines/camel-up/house-games.test.ts',
      'engines/camel-up/rules2026.test.ts',
      'engines/core/rng/python-random.test.ts',
      'engines/core/stats/bradley-terry.test.ts',
      'engines/dice/ab-reuse.test.ts',
      'engines/dice/goldens.test.ts',
      'engines/dice/ratings.test.ts',
      'engines/ruins/driver-goldens.test.ts',
      'test/conformance-shards.test.ts',
      'test/disk-full.test.ts',
      'test/ratings-cli.test.ts',
      'transpiled-bots/camel-up/traces.test.ts',
      'transpiled-bots/dice/memoryless.test.ts',
      'transpiled-bots/dice/traces.test.ts',
    ],
  },
  {
    name: 'cli',
    needs: 'dist/koth.js (built first): spawns the koth CLI, and python3/sh programs as players',
    build: true,
    files: [
      'engines/atomas/host.test.ts',
      'engines/atomas/host-watch-programs.test.ts',
      'engines/camel-up/bench.test.ts',
      'engines/core/entrants/program.test.ts',
      'engines/core/host/store-kill.test.ts',
      'engines/core/process/groups.test.ts',
      'engines/dice/checkpoint-cli.test.ts',
      'engines/dice/replay.test.ts',
      'engines/gun-duel/external.test.ts',
      'engines/gun-duel/gun-duel.test.ts',
      'engines/ruins/bench.test.ts',
      'engines/ruins/cli.test.ts',
      'engines/ruins/driver-cli.test.ts',
      'test/ab-runs.test.ts',
      'test/ab.test.ts',
      'test/bench.test.ts',
      'test/bot-cmd.test.ts',
      'test/host-cli.test.ts',
      'test/host-watch-cli.test.ts',
      'test/host-tick.test.ts',
      'test/host-se.test.ts',
      'test/bundle.test.ts',
      'test/cli-edges.test.ts',
      'test/cli-surface.test.ts',
      'test/cli.test.ts',
      'test/interrupt.test.ts',
      'test/report-cli.test.ts',
      'test/rule-ab.test.ts',
      'test/scrape-resume.test.ts',
    ],
  },
  {
    name: 'sandbox',
    needs: 'Pyodide and clang (npm dependencies, WebAssembly): original Python answers and compiled C++ in sandbox workers; dist/koth.js',
    build: true,
    files: [
      'engines/camel-up/host.test.ts',
      'engines/camel-up/host-watch-sandbox.test.ts',
      'engines/camel-up/python-players.test.ts',
      'engines/camel-up/python2026.test.ts',
      'engines/camel-up/verify.test.ts',
      'engines/core/sandbox/runtimes/python/snapshot.test.ts',
      'engines/core/sandbox/runtimes/python/output.test.ts',
      'engines/dice/host.test.ts',
      'engines/dice/python-bots.test.ts',
      'engines/dice/python-numpy.test.ts',
      'engines/dice/verify.test.ts',
      'engines/gun-duel/cpp/cpp-audit.test.ts',
      'engines/gun-duel/cpp/cpp-players.test.ts',
      'engines/gun-duel/extract.test.ts',
      'engines/gun-duel/host.test.ts',
      'engines/gun-duel/host-watch-sandbox.test.ts',
      'engines/ruins/big-ints.test.ts',
      'engines/ruins/host.test.ts',
      'engines/ruins/host-watch-sandbox.test.ts',
      'engines/ruins/python-bots.test.ts',
      'engines/ruins/python-cache.test.ts',
      'engines/ruins/verify.test.ts',
      'host/classes.test.ts',
      'host/validate.test.ts',
      'test/ab-python.test.ts',
      'test/python-sigint.test.ts',
      'test/verify-source-codes.test.ts',
      'test/watch-cli.test.ts',
    ],
  },
  {
    name: 'services',
    needs: 'redis-server and chromium (installed by .ci/run; their tests skip, saying so, without them); dist/koth.js',
    build: true,
    files: [
      'test/ab-byob.test.ts',
      'test/ab-queue-python.test.ts',
      'test/ab-queue.test.ts',
      'test/host-queue.test.ts',
      'test/queue-checkpoint.test.ts',
      'test/queue-cpp.test.ts',
      'test/queue-defects.test.ts',
      'test/queue-python.test.ts',
      'test/queue.test.ts',
      'test/host-site-browser.test.ts',
      'test/report-browser.test.ts',
      'test/watch-browser.test.ts',
    ],
  },
  {
    name: 'originals',
    needs: 'the original answers, outside the repository (opt-in: KOTH_DICE_SNAPSHOT_2019_01_07, KOTH_DICE_SNAPSHOT_2019_02_18, KOTH_CAMEL_2026, KOTH_GUN_DUEL_ORIGINALS; skipped, saying so, without them); dist/koth.js',
    build: true,
    files: ['engines/camel-up/house-ports.test.ts', 'engines/dice/python-originals.test.ts', 'engines/gun-duel/cpp/cpp-originals.test.ts'],
  },
];

/** Every file listed in a lane other than `fast`. */
export const LISTED: readonly string[] = LANES.flatMap((l) => l.files);

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test files at a time (CI's machine has 2 cores; vitest's default would run one at a time there).
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
    // The longest files first across the lanes (vitest runs lane after lane): vitest.sequencer.ts.
    sequence: { sequencer: LongestFirst },
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
