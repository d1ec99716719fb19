// Bundles the koth CLI, the worker it starts and every game's trials module (which workers
// import by path: dist/trials/<id>.js, from engines/wiring/<id>-trials.ts: the game's trials
// with its ports handed) into dist/ with esbuild. Code splitting keeps one copy
// of each module shared by all entries, so classes are the same objects in the CLI, the
// worker and the trials (instanceof holds across them).
// `npm run replay|scrape|bench` call this first; it takes well under a second.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, rmSync } from 'node:fs';

// The build hash a queued job carries (engines/core/runner/queue/protocol.ts): the sources that make the bundle.
const buildHash = (() => {
  const h = createHash('sha256');
  const walk = (dir) => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = `${dir}/${d.name}`;
      if (d.isDirectory()) walk(p);
      else if (/\.(ts|json)$/.test(d.name)) h.update(p).update(readFileSync(p));
    }
  };
  for (const dir of ['cli', 'engines', 'transpiled-bots']) walk(dir);
  h.update(readFileSync('package-lock.json'));
  return h.digest('hex').slice(0, 12);
})();

// engines/wiring/<id>-trials.ts → trials/<id>; koth ab: a game's paired A/B games, engines/wiring/<id>-ab.ts →
// trials/<id>-ab (loaded by workers as `<id>:ab`); koth host --queue: its hosted games, engines/wiring/<id>-host.ts →
// trials/<id>-host (`<id>:host`).
const trials = Object.fromEntries(
  readdirSync('engines/wiring')
    .filter((f) => /^[a-z0-9-]+-(trials|ab|host)\.ts$/.test(f))
    .map((f) => [`trials/${f.replace(/-trials\.ts$/, '').replace(/\.ts$/, '')}`, `engines/wiring/${f}`]),
);

// The package version the core reports (engines/core/version.ts): injected, as the core reads no file outside itself.
const packageVersion = JSON.parse(readFileSync('package.json', 'utf8')).version;

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { koth: 'cli/koth.ts', worker: 'engines/core/runner/worker.ts', 'sandbox-worker': 'engines/core/sandbox/job-worker.ts', 'verify-worker': 'cli/commands/verify-worker.ts', 'clang-worker': 'engines/core/sandbox/runtimes/wasm/clang-worker.mjs', ...trials },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // No keepNames: it wraps every named closure made at run time in a defineProperty of its
  // `name` (bound methods, a bot's per-instance lambdas, helpers inside hot functions), about 4 %
  // of a dice tournament. Nothing reads a function's or class's `name`: bots carry `botName`,
  // errors set their own `name`.
  keepNames: false,
  define: { __KOTH_BUILD__: JSON.stringify(buildHash), __KOTH_VERSION__: JSON.stringify(packageVersion) },
  // CommonJS dependencies bundled into ESM need a require().
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  loader: { '.json': 'json' },
  // piscina starts its own worker wrapper from its package folder: load it from node_modules.
  // vega/vega-lite (the HTML report's charts) are loaded on demand, only when a report is asked for.
  external: ['@yowasp/clang', 'piscina', 'vega', 'vega-lite', 'pyodide', 'bullmq', 'ioredis', 'libsql'],
});
chmodSync('dist/koth.js', 0o755);
