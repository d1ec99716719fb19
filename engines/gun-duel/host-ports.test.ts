/**
 * Hosted gun-duel games of ports only (engines/gun-duel/host.ts), played in-process: each game's
 * points are what the game's own statistical tournament (trials.ts, one repetition, the two seats
 * as its field) gives on the pair's generator; the batch split does not matter; the seat count
 * is checked. The games seating compiled C++ answers are in host.test.ts (sandbox lane).
 */
import { describe, expect, it } from 'vitest';
import '../registry.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import { decodeResult } from '../core/host/result.ts';
import { GUN_DUEL_HOST, playGunDuelHostGame } from './host.ts';
import { gunDuelPorts } from './ports.ts';
import { trials } from './trials.ts';
import type { GunDuelVariant } from './variants.ts';

const PORTS = gunDuelPorts.names();
const run = 'host/koth/rules/original';
/** Every ordered pair of a few ports, several seed keys each: both seat orders of a seed key. */
const SEATINGS = [
  ['GunClubPlayer', 'PlasmaPlayer'],
  ['PlasmaPlayer', 'GunClubPlayer'],
  ['TurtlePlayer', 'FatedPlayer'],
  ['FatedPlayer', 'StudiousPlayer'],
  ['StudiousPlayer', 'TurtlePlayer'],
];
const job = (rules: GunDuelVariant) => ({ run, rules, code: {}, games: SEATINGS.flatMap((seats, i) => [0, 1, 2, 3].map((k) => ({ seedKey: 10 * i + k, seats }))) });
const noSandbox = { sandboxPool: () => { throw new Error('no sandbox for ports'); } };

describe('gun-duel hosted games of ports', () => {
  for (const rules of ['original', 'fixed'] as const) {
    it(`each seat's points are the tournament's of that duel on pair k of the run (${rules}: one repetition, the two seats as its field)`, () => {
      const j = job(rules);
      const seen = new Set<string>();
      for (const g of j.games) {
        const out = playGunDuelHostGame({ ...j, compiled: {} }, g);
        if (!('result' in out)) throw new Error(JSON.stringify(out));
        seen.add(out.result);
        const t = trials.run({ variant: rules, repetition: 1, players: g.seats }, pairGenerator(generatorKind('seedrandom'), j.run, g.seedKey), 1);
        const points = (n: string) => t.tournaments[0]!.rows.find((r) => r.player === n)!.points;
        expect(decodeResult(out.result)).toEqual({ kind: 'score', scores: g.seats.map(points) });
      }
      // Wins for either seat (and draws) happen: the comparison is not of one constant.
      expect(seen.size).toBeGreaterThan(1);
    });
  }

  it('plays a batch as its games one by one (no sandbox for ports), whatever the split; refuses a seat count other than 2', async () => {
    const j = job('original');
    const one = j.games.map((g) => playGunDuelHostGame({ ...j, compiled: {} }, g));
    expect(await GUN_DUEL_HOST.playGames(j, { kit: noSandbox })).toEqual(one);
    expect(await GUN_DUEL_HOST.playGames(j, { kit: noSandbox, batch: 3, workers: 2 })).toEqual(one);
    const halves = [...(await GUN_DUEL_HOST.playGames({ ...j, games: j.games.slice(0, 7) }, { kit: noSandbox })), ...(await GUN_DUEL_HOST.playGames({ ...j, games: j.games.slice(7) }, { kit: noSandbox }))];
    expect(halves).toEqual(one);
    expect(PORTS.length).toBe(17);
    await expect(GUN_DUEL_HOST.playGames({ ...j, games: [{ seedKey: 0, seats: ['GunClubPlayer'] }] }, { kit: noSandbox })).rejects.toThrow(/seats 2 players/);
    expect(() => playGunDuelHostGame({ ...j, compiled: {} }, { seedKey: 0, seats: ['GunClubPlayer', 'PlasmaPlayer', 'TurtlePlayer'] })).toThrow(/seats 2 players/);
  });

  it('declares what it seats: two players, C++ answers in the C++ sandbox', () => {
    expect(GUN_DUEL_HOST).toMatchObject({ seats: { min: 2, max: 2 }, languages: ['cpp'], runtime: 'wasm' });
  });
});
