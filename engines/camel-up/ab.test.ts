/**
 * The scripted dice of `koth ab camel-up` (CamelGame's `dice` generator): the starting squares and
 * every roll come from their own stream, so the k-th roll is the same whatever the players do or
 * draw, and the controller draws nothing from the players' generator.
 */
import { describe, expect, it } from 'vitest';
import { PyRandom } from '../core/rng/python-random.ts';
import { CamelGame, type CamelPlayer } from './rules.ts';
import { camelFlags } from './variants.ts';
import { camelPlayer } from '../../transpiled-bots/camel-up/index.ts';

/** A dice stream that records what it hands out. */
function recorded(seed: number): { dice: PyRandom; draws: number[] } {
  const dice = new PyRandom(seed);
  const draws: number[] = [];
  const randint = dice.randint.bind(dice);
  dice.randint = (a: number, b: number) => {
    const v = randint(a, b);
    draws.push(v);
    return v;
  };
  return { dice, draws };
}

describe('camel-up scripted dice', () => {
  const P = (n: string) => camelPlayer(n) as CamelPlayer;

  it('the same draws in the same order whatever the players do (one game is a prefix of the other)', () => {
    const quiet = recorded(5);
    const busy = recorded(5);
    const players = new PyRandom(9);
    const g1 = new CamelGame([P('Player0'), P('Player0'), P('Player0'), P('Player0')], players, camelFlags('2026'), quiet.dice);
    const start1 = JSON.stringify(g1.g.camel_track);
    g1.play();
    const g2 = new CamelGame([P('Player1'), P('Player0'), P('Player2'), P('Player0')], new PyRandom(3), camelFlags('2026'), busy.dice);
    expect(JSON.stringify(g2.g.camel_track)).toBe(start1);
    g2.play();
    const n = Math.min(quiet.draws.length, busy.draws.length);
    expect(n).toBeGreaterThan(20);
    expect(busy.draws.slice(0, n)).toEqual(quiet.draws.slice(0, n));
    // Player0 only rolls: the players' generator was not drawn from by the controller.
    expect(players.getState()).toEqual(new PyRandom(9).getState());
  });

  it('without a dice stream the game draws from the shared generator, as camelup.py', () => {
    const r = new PyRandom(9);
    new CamelGame([P('Player0'), P('Player0'), P('Player0'), P('Player0')], r, camelFlags('2026')).play();
    expect(r.getState()).not.toEqual(new PyRandom(9).getState());
  });
});
