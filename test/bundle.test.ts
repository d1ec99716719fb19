import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';
import { games } from '../engines/registry.ts';

// The bundled CLI (dist/koth.js, built by `npm install` and by `npm test`) is what
// `npm run replay` runs: check it end to end, worker threads included.
const run = (args: string[]) =>
  spawnSync(process.execPath, ['dist/koth.js', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 570_000, env: { ...process.env, NO_COLOR: '1' } });

describe('the bundled koth (what npm run replay runs)', () => {
  it('exists', () => {
    expect(existsSync(`${ROOT}/dist/koth.js`) && existsSync(`${ROOT}/dist/worker.js`)).toBe(true);
  });

  it('runs a dice replay on 2 worker threads with the same result as 1', () => {
    const two = run(['replay', 'dice', '--games', '20000', '--workers', '2', '--json']);
    expect(two.stderr).toBe('');
    const one = run(['replay', 'dice', '--games', '20000', '--workers', '1', '--json']);
    const strip = (s: string) => {
      const r = JSON.parse(s);
      delete r.seconds;
      delete r.workers;
      r.summary = r.summary.replace(/\d+ worker\(s\), [\d.]+ s/, '');
      return r;
    };
    expect(strip(two.stdout)).toEqual(strip(one.stdout));
  });

  it('`koth replay` (the main job) replays every game and agrees with the published tables', () => {
    const r = run(['replay', '--json']);
    expect(r.stderr).toBe('');
    const reports = JSON.parse(r.stdout) as { challenge: string; verdict: string }[];
    expect(reports.map((x) => x.challenge)).toEqual(games.filter((g) => g.engine).map((g) => g.id));
    expect(reports.find((x) => x.challenge === 'dice')!.verdict).toBe('agree');
    expect(r.status).toBe(0);
  }, 600_000);
});
