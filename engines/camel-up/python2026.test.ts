/**
 * `--python-bots` under `--rules 2026`: Python players in the sandbox see camelup.py 2026's
 * player_view, crash and misbehave as it let them. Always on: our own Python (port_twins.py,
 * misbehaving.py, a player written here) against the 2026 goldens and TypeScript twins. With a
 * checkout of trbarron/Camel_Up_Cup_2K18 at 2dbad1c (KOTH_CAMEL_2026, else
 * the checkout named by KOTH_CAMEL_2026): the five house bots as posted.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runKoth } from '../../test/test-server.ts';
import { fixture } from '../../test/fixtures.ts';
import type { CamelPlayer } from './rules.ts';
import { runExact, type CamelGameRecord } from './tournament.ts';
import '../wiring/camel-up.ts';
import { camelBot } from './ports.ts';

const BOTS = 'tools/oracle/camel-up/bots';
const tmp = mkdtempSync(join(tmpdir(), 'koth-camel-2026-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Imports what the house bots import (playerinterface, random, copy, hashlib, uuid, math, itertools) and reads the redacted bets. */
const PEEKER_PY = `import random, copy, hashlib, uuid, math
from itertools import permutations
from playerinterface import PlayerInterface

class Peeker(PlayerInterface):
    def move(player, g):
        h = copy.deepcopy(g)
        hidden = sum(1 for b in h.game_winner_bets + h.game_loser_bets if b[0] is None)
        rows = sum(1 for p, row in enumerate(h.player_game_bets) if p != player for b in row if b is None)
        if hidden != rows:
            raise AssertionError('the view is inconsistent')
        salt = uuid.UUID(int=hidden).hex
        mine = len(g.player_game_bets[player])
        if mine < 2 and random.random() < 0.3:
            return [3 + mine, math.floor(random.random() * 5)]
        if hidden % 2 == 1 and hashlib.sha256(salt.encode()).hexdigest():
            return [2, len(list(permutations(range(3)))) % 5]
        return [0]
`;

/** Peeker's TypeScript twin. */
const Peeker: CamelPlayer = {
  name: 'Peeker',
  move(player, g, { random }) {
    const hidden = [...g.game_winner_bets, ...g.game_loser_bets].filter((b) => b[0] === null).length;
    const mine = g.player_game_bets[player]!.length;
    if (mine < 2 && random.random() < 0.3) return [3 + mine, Math.floor(random.random() * 5)];
    if (hidden % 2 === 1) return [2, 1];
    return [0];
  },
};

const CHECKOUT = process.env.KOTH_CAMEL_2026 ?? '';
const HOUSE = join(CHECKOUT, 'bots/house');
const haveCheckout = existsSync(join(HOUSE, 'HandcodedHenry.py')) && existsSync(join(CHECKOUT, 'camelup.py'));
if (!haveCheckout) console.warn(`SKIP the house-bot tests: no checkout of trbarron/Camel_Up_Cup_2K18@2dbad1c at ${CHECKOUT} (set KOTH_CAMEL_2026 to one)`);

describe('koth replay camel-up --rules 2026 --python-bots', () => {
  it('our misbehaving players and the twins of Player0/Player2 in the sandbox equal camelup.py 2026 (golden seed 3)', async () => {
    const golden = fixture<{ games: CamelGameRecord[] }>('camel-up/goldens/2dbad1c-misbehaving-seed3.json');
    const n = 25;
    const r = await runKoth(['replay', 'camel-up', '--exact', '--rules', '2026', '--seed', '3', '--games', String(n), '--python-bots', `${BOTS}/port_twins.py,${BOTS}/misbehaving.py`, '--bots', 'Player0,Player2,Crasher,Misfit,RoundBetter,Trapper', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json().games).toEqual(golden.games.slice(0, n));
    // Under the 2018 rules the same Crasher ends the tournament (exit 3, the exception named).
    const old = await runKoth(['replay', 'camel-up', '--exact', '--rules', 'original', '--seed', '3', '--games', '3', '--python-bots', `${BOTS}/port_twins.py,${BOTS}/misbehaving.py`, '--bots', 'Player0,Player2,Crasher,Misfit,RoundBetter,Trapper']);
    expect(old.status).toBe(3);
    expect(old.stderr).toMatch(/ZeroDivisionError/);
  }, 300_000);

  it('a player of ours importing what the house bots import sees the redacted view (2026) or the full copy (fixed), as its TypeScript twin', async () => {
    const f = join(tmp, 'peeker.py');
    writeFileSync(f, PEEKER_PY);
    const resolve = (n: string) => (n === 'Peeker' ? Peeker : camelBot(n));
    for (const rules of ['2026', 'fixed']) {
      const r = await runKoth(['replay', 'camel-up', '--exact', '--rules', rules, '--seed', '11', '--games', '30', '--python-bots', `${BOTS}/port_twins.py,${f}`, '--bots', 'Player0,Player2,Peeker,Peeker', '--json']);
      expect(r.status, r.stderr).toBe(0);
      const ours = runExact(['Player0', 'Player2', 'Peeker', 'Peeker'], resolve, '11', rules, 30);
      expect(r.json(), rules).toEqual(ours);
    }
    // The view matters: the 2026 games differ from the same seats under the full copy.
    expect(runExact(['Player0', 'Player2', 'Peeker', 'Peeker'], resolve, '11', '2026', 30)).not.toEqual(runExact(['Player0', 'Player2', 'Peeker', 'Peeker'], resolve, '11', 'fixed', 30));
  }, 300_000);

  it('a player importing a module of the 2026 tree that has no stand-in is refused by name', async () => {
    const f = join(tmp, 'needs_core.py');
    writeFileSync(f, 'from playerinterface import PlayerInterface\nfrom tournament_core import play_match\n\nclass NeedsCore(PlayerInterface):\n    def move(player, g):\n        return play_match(g)\n');
    const r = await runKoth(['replay', 'camel-up', '--exact', '--rules', '2026', '--seed', '1', '--games', '1', '--python-bots', `${BOTS}/port_twins.py,${f}`, '--bots', 'Player0,Player1,Player2,NeedsCore']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/NeedsCore .*tournament_core.*only camelup and playerinterface have stand-ins/s);
  }, 120_000);

  it.skipIf(!haveCheckout)('the house bots as posted (bots/house/*.py, FabelFelix left out: it reads the clock) equal camelup.py 2026 natively (golden seed 1, game 1)', async () => {
    const golden = fixture<{ games: CamelGameRecord[] }>('camel-up/goldens/2026-house/2dbad1c-house-seed1.json');
    const files = ['HandcodedHenry', 'ClaudeCamel', 'GeminiGerry', 'OpusOmul', 'FabelFelix'].map((b) => join(HOUSE, `${b}.py`)).join(',');
    const r = await runKoth(['replay', 'camel-up', '--exact', '--rules', '2026', '--seed', '1', '--games', '1', '--python-bots', files, '--bots', 'HandcodedHenry,ClaudeCamel,GeminiGerry,OpusOmul', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json().games).toEqual(golden.games.slice(0, 1));
  }, 900_000);

  it.skipIf(!haveCheckout)('four house bots and our Misfit (invalid answers roll) equal camelup.py 2026 natively (golden seed 2)', async () => {
    const golden = fixture<{ games: CamelGameRecord[] }>('camel-up/goldens/2026-house/2dbad1c-house-misfit-seed2.json');
    const files = [...['HandcodedHenry', 'ClaudeCamel', 'GeminiGerry', 'OpusOmul'].map((b) => join(HOUSE, `${b}.py`)), `${BOTS}/misbehaving.py`].join(',');
    const r = await runKoth(['replay', 'camel-up', '--exact', '--rules', '2026', '--seed', '2', '--games', '1', '--python-bots', files, '--bots', 'HandcodedHenry,ClaudeCamel,GeminiGerry,OpusOmul,Misfit', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json().games).toEqual(golden.games);
  }, 900_000);
});
