// Bundles the koth CLI (and the worker it starts) into dist/ with esbuild.
// `npm run replay|scrape|bench` call this first; it takes well under a second.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';

await build({
  entryPoints: { koth: 'cli/koth.ts', worker: 'engines/core/runner/worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  keepNames: true,
  // CommonJS dependencies bundled into ESM need a require().
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  loader: { '.json': 'json' },
  // piscina starts its own worker wrapper from its package folder: load it from node_modules.
  // vega/vega-lite (the HTML report's charts) are loaded on demand, only when a report is asked for.
  external: ['piscina', 'vega', 'vega-lite'],
});
chmodSync('dist/koth.js', 0o755);
