/**
 * ruins.py's run_tournament: pool rounds with carry-over when there are more than 10 bots
 * (each bot plays exactly `poolGames` games), the top 10 then play a final series with reset
 * scores until the leader is 50 points ahead or 500 games have been played; with fewer than
 * 10 bots, Drunkards fill the table. One generator, `Random(seed)`, drives the whole
 * tournament; each game gets `Ruins(*bots, seed=rand.getrandbits(1337))`.
 */
import { PyRandom, type PySeed } from '../core/rng/python-random.ts';
import { formatFixedPython } from '../core/report/pyformat.ts';
import type { AdventurerClass } from './adventurer.ts';
import { DriverCrash } from './actions.ts';
import { Ruins, type ScoredPlayer } from './rules.ts';
import type { RuinsFlags } from './variants.ts';

export interface TournamentRow {
  bot: string;
  score: number;
  /** As printed: format(score / games, '.03f'), read back as a number. */
  meanScore: number;
}

export interface TournamentResult {
  seed: string;
  bots: string[];
  /** Final scores of the finalists, in the printed order (ranked, ties in finalist order). */
  rows: TournamentRow[];
  /** Pool results (only with more than `gameSize` bots). */
  poolRows?: TournamentRow[];
  finalGames: number;
  /** Why the final series ended. */
  ended: 'lead' | 'max-games' | 'not-enough-competitors' | 'all-died';
}

export interface TournamentOptions {
  gameSize?: number;
  poolGames?: number;
  requiredLead?: number;
  maxFinalGames?: number;
  flags: RuinsFlags;
  /** The Drunkard class (fills empty seats; never scored). */
  drunkard: AdventurerClass;
  onGame?: (phase: 'pool' | 'final', game: number) => void;
}

function ranked(scores: Map<string, number>, games: number): TournamentRow[] {
  return [...scores.entries()]
    .map(([bot, score], i) => ({ bot, score, i }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ bot, score }) => ({ bot, score, meanScore: Number(formatFixedPython(score / games, 3)) }));
}

/** Python's heapq.nlargest(k, values). */
function nlargest(k: number, values: Iterable<number>): number[] {
  return [...values].sort((a, b) => b - a).slice(0, k);
}

export function runTournament(bots: readonly AdventurerClass[], seed: PySeed, o: TournamentOptions): TournamentResult {
  const gameSize = o.gameSize ?? 10;
  const poolGames = o.poolGames ?? 20;
  const requiredLead = o.requiredLead ?? 50;
  const maxFinalGames = o.maxFinalGames ?? 500;
  const rand = new PyRandom(seed);
  let fullPool = [...bots];
  let scores = new Map<string, number>(fullPool.map((b) => [b.botName, 0]));
  const byName = new Map(fullPool.map((b) => [b.botName, b]));
  let phase: 'pool' | 'final' = 'pool';
  let gamesInPhase = 0;

  const runGame = (table: AdventurerClass[]): ScoredPlayer[] => {
    rand.shuffle(table);
    const game = new Ruins(table, rand.getrandbits(1337));
    const result = game.runGame();
    for (const { player, score } of result) {
      if (!(player.bot instanceof o.drunkard)) scores.set(player.botName, (scores.get(player.botName) ?? 0) + score);
    }
    o.onGame?.(phase, ++gamesInPhase);
    return result;
  };

  let finalists: AdventurerClass[];
  let poolRows: TournamentRow[] | undefined;
  if (fullPool.length > gameSize) {
    let carryover: AdventurerClass[] = [];
    for (let round = 0; round < poolGames; round++) {
      rand.shuffle(fullPool);
      let pool = carryover;
      carryover = [];
      for (const bot of fullPool) {
        while (pool.length >= gameSize) {
          runGame(pool.slice(0, gameSize));
          pool = pool.slice(gameSize);
        }
        if (pool.includes(bot)) carryover.push(bot);
        else pool.push(bot);
      }
      carryover = [...carryover, ...pool];
      while (carryover.length >= gameSize) {
        runGame(carryover.slice(0, gameSize));
        carryover = carryover.slice(gameSize);
      }
    }
    poolRows = ranked(scores, poolGames);
    finalists = poolRows.slice(0, gameSize).map((r) => byName.get(r.bot)!);
    scores = new Map(finalists.map((b) => [b.botName, 0]));
  } else {
    finalists = fullPool;
    while (finalists.length < gameSize) finalists.push(o.drunkard);
  }
  fullPool = [];

  phase = 'final';
  gamesInPhase = 0;
  let finalGame = 0;
  let ended: TournamentResult['ended'];
  for (;;) {
    finalGame += 1;
    runGame(finalists);
    if (finalGame >= maxFinalGames) {
      ended = 'max-games';
      break;
    }
    if (o.flags.finalCheckFixed) {
      if (scores.size < 2) {
        ended = 'not-enough-competitors';
        return { seed: String(seed), bots: bots.map((b) => b.botName), rows: [], ...(poolRows ? { poolRows } : {}), finalGames: finalGame, ended };
      }
      const [first, second] = nlargest(2, scores.values()) as [number, number];
      if (first - second >= requiredLead) {
        ended = 'lead';
        break;
      }
    } else {
      // Before the 2019-04-13 "Fix tournament bug" commit.
      let total = 0;
      for (const v of scores.values()) total += v;
      if (total === 0) {
        ended = 'all-died';
        return { seed: String(seed), bots: bots.map((b) => b.botName), rows: [], ...(poolRows ? { poolRows } : {}), finalGames: finalGame, ended };
      }
      const top = [...nlargest(2, scores.values()), 0];
      if (top.length !== 2) throw new DriverCrash('ValueError', `too many values to unpack (expected 2) — the pre-2019-04-13 driver after final game ${finalGame}`);
      if (top[0]! - top[1]! >= requiredLead) {
        ended = 'lead';
        break;
      }
    }
  }
  return { seed: String(seed), bots: bots.map((b) => b.botName), rows: ranked(scores, finalGame), ...(poolRows ? { poolRows } : {}), finalGames: finalGame, ended };
}
