/**
 * `koth verify ruins`: ports against Python originals in the sandbox. Only our own Python:
 * tools/oracle/ruins/bots/port_twins/twins.py (behaves like the ports) and a deliberately
 * different Drunkard written below. One Pyodide for the file (the process's shared sandbox).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKoth } from '../../test/test-server.ts';
import { sha256 } from '../core/verify/verify.ts';
import '../wiring/ruins.ts';
import { ruinsTraceDecisions } from './verify.ts';

const TWINS = 'tools/oracle/ruins/bots/port_twins/twins.py';
const tmp = mkdtempSync(join(tmpdir(), 'koth-verify-ruins-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('koth verify ruins', () => {
  it('twins of the ports agree on every action and every draw from self.random: exit 0', async () => {
    for (const bot of ['Drunkard', 'Coward']) {
      const r = await runKoth(['verify', 'ruins', bot, '--source', TWINS, '--games', '3', '--json']);
      expect(r.status, r.stderr).toBe(0);
      const res = r.json().results[0];
      expect(res.compared).toBeGreaterThan(10);
      expect(res.agreed).toBe(res.compared);
      expect(res.source.sha256).toBe(sha256(readFileSync(TWINS, 'utf8')));
    }
  });

  it('a Drunkard that bids one more: exit 1, the situation printed; --record keeps the original’s actions', async () => {
    const other = join(tmp, 'drunk.py');
    writeFileSync(other, readFileSync(TWINS, 'utf8').replace("t.weight + (self.random.randrange(5) if state.players else 0)", "t.weight + 1 + (self.random.randrange(5) if state.players else 0)"));
    const trace = join(tmp, 'drunk.json');
    const r = await runKoth(['verify', 'ruins', 'Drunkard', '--source', other, '--games', '3', '--record', trace]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/room \d+, stamina \d+, treasures: Treasure #\d+ \(\$\d+, \d+kg\)/);
    expect(r.stdout).toMatch(/\('take', \d+, \d+\)/);
    const t = JSON.parse(readFileSync(trace, 'utf8'));
    expect(t.source.sha256).toBe(sha256(readFileSync(other, 'utf8')));
    expect(t.decisions).toContain("'previous'");
    // The port replays the trace's situations: it agrees with the twin's recording, not with this one.
    const ported = ruinsTraceDecisions(t);
    expect(ported).not.toEqual(t.decisions);
    const twinTrace = join(tmp, 'twin.json');
    expect((await runKoth(['verify', 'ruins', 'Drunkard', '--source', TWINS, '--games', '3', '--record', twinTrace])).status).toBe(0);
    const tt = JSON.parse(readFileSync(twinTrace, 'utf8'));
    expect(ruinsTraceDecisions(tt)).toEqual(tt.decisions);
  });
});
