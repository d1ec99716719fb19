/**
 * Ctrl-C during runs with the original Python bots that cannot resume (a ruins tournament, a
 * camel-up --exact, koth verify): exit 130 WITH a message saying what was interrupted and how to
 * run it again. The bots below loop until interrupted (the sandbox's time limit set far away),
 * so the run is under way when the SIGINT listener is called, as disk-full.test.ts does.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKoth } from './test-server.ts';

const tmp = mkdtempSync(join(tmpdir(), 'koth-sigint-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
};

/** Runs koth; once the run has added its SIGINT listener and a moment has passed, calls it (Ctrl-C). */
async function interrupted(args: string[]) {
  const before = process.listenerCount('SIGINT');
  const run = runKoth(args, { KOTH_SANDBOX_TIMEOUT_MS: '600000' });
  for (let i = 0; i < 2400 && process.listenerCount('SIGINT') <= before; i++) await new Promise((r) => setTimeout(r, 25));
  expect(process.listenerCount('SIGINT')).toBeGreaterThan(before);
  // Let the sandbox worker load and the bot start looping (the message is the same either way).
  await new Promise((r) => setTimeout(r, 1500));
  (process.listeners('SIGINT').at(-1) as () => void)();
  return run;
}

describe('Ctrl-C of a run with the original Python bots: exit 130 and what stopped', () => {
  it('a ruins Python tournament', async () => {
    const f = file('h_loops.py', 'from __main__ import Adventurer\nclass Loops(Adventurer):\n    def get_action(self, state):\n        while True:\n            pass\n');
    const r = await interrupted(['replay', 'ruins', '--seed', 's', '--python-bots', f]);
    expect(r.status, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/interrupted: the ruins run with the original Python bots \(--python-bots\) was stopped before it finished.*Rerun the same command/s);
  }, 120_000);

  it('a camel-up Python --exact', async () => {
    const f = file('loops_player.py', 'from playerinterface import PlayerInterface\n\nclass Loops(PlayerInterface):\n    def move(player, g):\n        while True:\n            pass\n');
    const r = await interrupted(['replay', 'camel-up', '--exact', '--python-bots', `tools/oracle/camel-up/bots/port_twins.py,${f}`, '--bots', 'Loops,Player0,Player1,Player2']);
    expect(r.status, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/interrupted: the camel-up run with the original Python players \(--python-bots\) was stopped before it finished.*Rerun the same command/s);
  }, 120_000);

  it('koth verify', async () => {
    const f = file('goto.py', 'class GoToTenBot(Bot):\n    def make_throw(self, scores, last_round):\n        while True:\n            pass\n');
    const r = await interrupted(['verify', 'dice', 'GoToTenBot', '--source', f, '--workers', '1']);
    expect(r.status, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/interrupted: koth verify stopped before its 1 check\(s\) finished \(dice GoToTenBot\).*Rerun the same command/s);
  }, 120_000);
});
