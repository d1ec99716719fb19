/**
 * The statistics the updated controller collects, as plain JSON so shards can be merged
 * and goldens compared field by field. Per bot (Python's highscore list): max score, score
 * sum, winning-score sum, throws, successful turns (no 6), turns; plus wins and games played.
 */
export interface DiceBotRow {
  wins: number;
  played: number;
  max: number;
  scoreSum: number;
  winScoreSum: number;
  throws: number;
  successes: number;
  turns: number;
}

export interface DiceStats {
  games: number;
  tiedGames: number;
  timedOutGames: number;
  totalRounds: number;
  /** Sum of squared rounds (for the spread of rounds per game; not in the controller's output). */
  totalRoundsSq: number;
  highestRound: number;
  /** Winning score → number of games (the controller's winning_scores). */
  winningScores: Record<string, number>;
  /** Wins by seat (0 = first to play); ties count for every winner. Not in the controller's output. */
  seatWins: number[];
  /** Times a second bot reached the end score in the pass that started the last round (what the index bug reacts to). */
  lastRoundRetriggers: number;
  /** Bot names in run order (unique); rows[i] belongs to bots[i]. */
  bots: string[];
  rows: DiceBotRow[];
}

export function emptyRow(): DiceBotRow {
  return { wins: 0, played: 0, max: 0, scoreSum: 0, winScoreSum: 0, throws: 0, successes: 0, turns: 0 };
}

export function emptyStats(names: readonly string[]): DiceStats {
  const bots = [...new Set(names)];
  return { games: 0, tiedGames: 0, timedOutGames: 0, totalRounds: 0, totalRoundsSq: 0, highestRound: 0, winningScores: {}, seatWins: [], lastRoundRetriggers: 0, bots, rows: bots.map(emptyRow) };
}

/** Sums two runs over the same bots (max of maxima), as print_results merges its threads. */
export function mergeStats(a: DiceStats, b: DiceStats): DiceStats {
  if (a.bots.join('\u0000') !== b.bots.join('\u0000')) throw new Error('mergeStats: runs over different bot lists');
  const winningScores = { ...a.winningScores };
  for (const [s, c] of Object.entries(b.winningScores)) winningScores[s] = (winningScores[s] ?? 0) + c;
  return {
    games: a.games + b.games,
    tiedGames: a.tiedGames + b.tiedGames,
    timedOutGames: a.timedOutGames + b.timedOutGames,
    totalRounds: a.totalRounds + b.totalRounds,
    totalRoundsSq: a.totalRoundsSq + b.totalRoundsSq,
    highestRound: Math.max(a.highestRound, b.highestRound),
    winningScores,
    seatWins: Array.from({ length: Math.max(a.seatWins.length, b.seatWins.length) }, (_, i) => (a.seatWins[i] ?? 0) + (b.seatWins[i] ?? 0)),
    lastRoundRetriggers: a.lastRoundRetriggers + b.lastRoundRetriggers,
    bots: a.bots,
    rows: a.rows.map((r, i) => {
      const q = b.rows[i]!;
      return {
        wins: r.wins + q.wins,
        played: r.played + q.played,
        max: Math.max(r.max, q.max),
        scoreSum: r.scoreSum + q.scoreSum,
        winScoreSum: r.winScoreSum + q.winScoreSum,
        throws: r.throws + q.throws,
        successes: r.successes + q.successes,
        turns: r.turns + q.turns,
      };
    }),
  };
}

/**
 * calculate_percentiles: 10000 bins over the winning-score distribution; the controller
 * prints bins at 50, 75, 90, 95, 99, 99.9, 99.99 %.
 */
export function winningScorePercentiles(stats: DiceStats, show = [0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 0.9999]): { percentile: number; score: number }[] {
  const bins = 10000;
  const keys = Object.keys(stats.winningScores).map(Number).sort((x, y) => x - y);
  if (!keys.length) return [];
  const cum: number[] = [];
  let acc = 0;
  for (const k of keys) cum.push((acc += stats.winningScores[String(k)]!));
  const percentiles: number[] = new Array(bins);
  let i = 0;
  for (let p = 0; p < bins; p++) {
    while (cum[i]! < (stats.games * (p + 1)) / bins) i++;
    percentiles[p] = keys[i]!;
  }
  return show.map((p) => ({ percentile: 100 * p, score: percentiles[Math.floor(p * bins)]! }));
}
