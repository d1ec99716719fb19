/**
 * Builds dist/ once before the tests (esbuild, under a second): the CLI tests spawn the bundle,
 * as `npm run replay` and an installed `koth` run it, and a single test file run by itself
 * (`npx vitest run path`) gets a bundle of the current sources too.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const r = spawnSync(process.execPath, ['build.mjs'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`node build.mjs failed (the CLI tests need dist/):\n${r.stderr}${r.stdout}`);
}
