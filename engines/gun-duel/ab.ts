/**
 * `koth ab gun-duel`: the two games of a pair (engines/core/ab/pairs.ts): a duel. From the pair's
 * generator (seedrandom): the opponent from the field, which side (player A or B of fight()) the
 * candidate's seat is, both identifiers, and the two clock seeds of the players' engines
 * (GetRandomInteger's and CBetaPlayer's) — the same in both games of the pair. a, b: the duel
 * won 1, drawn ½, lost 0.
 */
import { pairTrials } from '../core/ab/pairs.ts';
import { findPlayer } from '../../transpiled-bots/gun-duel/index.ts';
import { PlayerEnv } from './player.ts';
import { AWIN, BWIN, fight } from './rules.ts';
import type { GunDuelVariant } from './variants.ts';

export const trials = pairTrials('seedrandom', (bot, o, rng) => {
  const others = o.field.filter((n) => n !== o.candidate && n !== o.baseline);
  const opponent = others[rng.randbelow(others.length)]!;
  const first = rng.randbelow(2) === 0;
  const n = others.length + 1;
  const myId = rng.randbelow(n);
  const theirId = (myId + 1 + rng.randbelow(n - 1)) % n;
  const env = new PlayerEnv(rng.randbelow(2 ** 32), rng.randbelow(2 ** 32));
  const Me = findPlayer(bot);
  const Them = findPlayer(opponent);
  if (!Me || !Them) throw new Error(`no gun-duel port ${Me ? opponent : bot}`);
  const variant = (o.rules ?? 'original') as GunDuelVariant;
  if (first) {
    const s = fight(new Me(theirId, env), new Them(myId, env), variant);
    return s === AWIN ? 1 : s === BWIN ? 0 : 0.5;
  }
  const s = fight(new Them(myId, env), new Me(theirId, env), variant);
  return s === BWIN ? 1 : s === AWIN ? 0 : 0.5;
});
