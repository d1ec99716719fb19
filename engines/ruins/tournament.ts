/**
 * ruins.py's run_tournament: pool rounds with carry-over when there are more than 10 bots
 * (each bot plays exactly `poolGames` games), the top 10 then play a final series with reset
 * scores until the leader is 50 points ahead or 500 games have been played; with fewer than
 * 10 bots, Drunkards fill the table. One generator, `Random(seed)`, drives the whole
 * tournament; each game gets `Ruins(*bots, seed=rand.getrandbits(1337))` (drawn as words: getrandbitsWords).
 */
import { ratingsRecorder } from '../core/stats/pairwise.ts';
import { PyRandom, type PySeed } from '../core/rng/python-random.ts';
import { formatFixedPython } from '../core/py/format.ts';
import type { AdventurerClass } from './adventurer.ts';
import { ControllerCrash } from '../core/py/errors.ts';
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
  /** Games each bot played in the pool (the driver checks they all equal `poolGames`). */
  poolGameCounts?: Record<string, number>;
  finalGames: number;
  /** Why the final series ended. */
  ended: 'lead' | 'max-games' | 'not-enough-competitors' | 'all-died';
  /** The first place's lead over the second when the series stopped on it. */
  lead?: number;
  /** "The winner of the tournament is …" (absent when the driver returned without a table). */
  winner?: string;
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
  /** Every game's states hand out frozen lists (tests: RuinsOptions.freezeStates). */
  freezeStates?: boolean;
  /** The tournament's generator in place of `Random(seed)` (a hosted game is a tournament's game on the host's generator: engines/ruins/host.ts). */
  random?: PyRandom;
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
  const rand = o.random ?? new PyRandom(seed);
  let fullPool = [...bots];
  let scores = new Map<string, number>(fullPool.map((b) => [b.botName, 0]));
  const byName = new Map(fullPool.map((b) => [b.botName, b]));
  let phase: 'pool' | 'final' = 'pool';
  let gamesInPhase = 0;

  const runGame = (table: AdventurerClass[]): ScoredPlayer[] => {
    if (o.flags.shuffleSeats) rand.shuffle(table);
    const game = new Ruins(table, rand.getrandbitsWords(1337), { freezeStates: !!o.freezeStates });
    let result: ScoredPlayer[];
    try {
      result = game.runGame();
    } catch (e) {
      if (e instanceof ControllerCrash) e.where = `${phase === 'pool' ? 'pool' : 'final'} game ${gamesInPhase + 1}${e.where ? `, ${e.where}` : ''}`;
      throw e;
    }
    for (const { player, score } of result) {
      if (!(player.bot instanceof o.drunkard)) scores.set(player.botName, (scores.get(player.botName) ?? 0) + score);
    }
    // --ratings: the game's result for the fit — the bots holding the table's top score (ties share) over the other bots at the table (Drunkards fill seats but are not rated).
    const rated = ratingsRecorder();
    if (rated) {
      const top = Math.max(...result.map((r) => r.score));
      const bots = result.filter((r) => !(r.player.bot instanceof o.drunkard));
      rated.game(bots.map((r) => rated.acc.names.indexOf(r.player.botName)), (i) => bots[i]!.score === top);
    }
    o.onGame?.(phase, ++gamesInPhase);
    return result;
  };

  let finalists: AdventurerClass[];
  let poolRows: TournamentRow[] | undefined;
  let poolGameCounts: Record<string, number> | undefined;
  if (fullPool.length > gameSize) {
    const counts: Record<string, number> = Object.fromEntries(fullPool.map((b) => [b.botName, 0]));
    const play = (table: AdventurerClass[]) => {
      for (const b of table) counts[b.botName]! += 1;
      runGame(table);
    };
    let carryover: AdventurerClass[] = [];
    for (let round = 0; round < poolGames; round++) {
      rand.shuffle(fullPool);
      let pool = carryover;
      carryover = [];
      for (const bot of fullPool) {
        while (pool.length >= gameSize) {
          play(pool.slice(0, gameSize));
          pool = pool.slice(gameSize);
        }
        if (pool.includes(bot)) carryover.push(bot);
        else pool.push(bot);
      }
      carryover = [...carryover, ...pool];
      while (carryover.length >= gameSize) {
        play(carryover.slice(0, gameSize));
        carryover = carryover.slice(gameSize);
      }
    }
    poolGameCounts = counts;
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
  const result = (ended: TournamentResult['ended'], rows: TournamentRow[], lead?: number): TournamentResult => ({
    seed: String(seed),
    bots: bots.map((b) => b.botName),
    rows,
    ...(poolRows ? { poolRows, poolGameCounts } : {}),
    finalGames: finalGame,
    ended,
    ...(lead !== undefined ? { lead } : {}),
    ...(rows[0] ? { winner: rows[0].bot } : {}),
  });
  try {
    for (;;) {
      finalGame += 1;
      runGame(finalists);
      if (finalGame >= maxFinalGames) return result('max-games', ranked(scores, finalGame));
      if (o.flags.finalCheckFixed) {
        // The driver returns here without printing any table.
        if (scores.size < 2) return result('not-enough-competitors', []);
        const [first, second] = nlargest(2, scores.values()) as [number, number];
        if (first - second >= requiredLead) return result('lead', ranked(scores, finalGame), first - second);
      } else {
        // Before f3f49d0 "Fix tournament bug" (2019-04-13).
        let total = 0;
        for (const v of scores.values()) total += v;
        if (total === 0) return result('all-died', []);
        const top = [...nlargest(2, scores.values()), 0];
        if (top.length !== 2) throw new ControllerCrash('ValueError', 'too many values to unpack (expected 2)', `run_tournament after final game ${finalGame}`);
        if (top[0]! - top[1]! >= requiredLead) return result('lead', ranked(scores, finalGame), top[0]! - top[1]!);
      }
    }
  } catch (e) {
    // What the driver had printed before it stopped.
    if (e instanceof ControllerCrash) e.partial = { ...(poolRows ? { poolRows } : {}), finalGames: finalGame };
    throw e;
  }
}
