/**
 * Builds dist/ once before the lanes that spawn the CLI (vitest.config.ts; esbuild, under a
 * second): the CLI tests spawn the bundle, as `npm run replay` and an installed `koth` run it,
 * and a single test file run by itself (`npx vitest run path`) gets a bundle of the current
 * sources too. Each such lane names this file; the run builds once (the lanes' setups run in one
 * process, which remembers it in its environment).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BUILT = 'KOTH_TEST_DIST_BUILT';

export default function setup(): void {
  if (process.env[BUILT]) return;
  const root = fileURLToPath(new URL('..', import.meta.url));
  const r = spawnSync(process.execPath, ['build.mjs'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`node build.mjs failed (the CLI tests need dist/):\n${r.stderr}${r.stdout}`);
  process.env[BUILT] = '1';
}
