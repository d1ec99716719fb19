/**
 * `koth play dice --report DIR`: the game turn by turn from the controller's own turn events
 * (DiceTurnEvent, the original's DEBUG print): each turn's throws with the running sum, the
 * scores of the eight seats, who stops, the last round starting and, under `--rules
 * original`, the extra turns the last-round bug gave. Drawn here; the page is the core's
 * (engines/core/report/html/watch.ts).
 */
import { svg, type WatchStep } from '../core/report/html/watch.ts';
import type { DiceTurnEvent } from './rules.ts';
import type { WatchPage } from '../core/report/html/watch.ts';
import pkg from '../../package.json' with { type: 'json' };
import { parseSeed } from '../core/rng/rng.ts';
import { runExact } from './tournament.ts';
import { diceClass, officialDicePool } from './ports.ts';

const W = 760;
const NAME_W = 170;
const ROW = 20;

/** Seat names of each game, read from its turns. */
function seatsOf(events: readonly DiceTurnEvent[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const e of events) {
    const seats = out.get(e.game) ?? [];
    seats[e.index] ??= e.bot;
    out.set(e.game, seats);
  }
  return out;
}

function picture(e: DiceTurnEvent, before: readonly number[], seats: readonly string[], endScore: number, note: string): string {
  const n = e.scores.length;
  const max = Math.max(endScore + 10, ...e.scores);
  const barW = W - NAME_W - 60;
  const x = (v: number) => NAME_W + (v / max) * barW;
  const perRow = 24;
  const diceRows = Math.max(1, Math.ceil(e.throws.length / perRow));
  const top = 20 + diceRows * 44 + 22;
  const h = top + n * ROW + 10;
  const out: string[] = [svg.open(W, h, `${e.bot} throws ${e.throws.join(', ')}`)];
  out.push(svg.text(0, 14, `${e.bot}: ${note}`, 'font-size="13" font-weight="bold"'));
  let sum = 0;
  e.throws.forEach((t, i) => {
    const cx = (i % perRow) * 31;
    const cy = 22 + Math.floor(i / perRow) * 44;
    sum = t === 6 ? 0 : sum + t;
    const six = t === 6;
    out.push(svg.rect(cx, cy, 26, 26, six ? '#cf222e' : '#fff', 'stroke="#57606a" rx="4"'));
    out.push(svg.text(cx + 13, cy + 18, t, `text-anchor="middle" font-size="15"${six ? ' fill="#fff"' : ''}`));
    out.push(svg.text(cx + 13, cy + 38, six ? '✗' : sum, 'text-anchor="middle" font-size="10" fill="#57606a"'));
  });
  // The end score.
  out.push(`<line x1="${x(endScore)}" y1="${top - 4}" x2="${x(endScore)}" y2="${h - 6}" stroke="#9a6700" stroke-dasharray="3 3"/>`);
  out.push(svg.text(x(endScore), top - 6, endScore, 'font-size="10" fill="#9a6700" text-anchor="middle"'));
  for (let s = 0; s < n; s++) {
    const y = top + s * ROW;
    const cur = s === e.index;
    if (cur) out.push(svg.rect(0, y, W, ROW - 2, '#fff8c5'));
    out.push(svg.text(0, y + 14, `${s}. ${seats[s] ?? '?'}`, `font-size="12"${cur ? ' font-weight="bold"' : ''}`));
    const old = before[s] ?? 0;
    const now = e.scores[s] ?? 0;
    out.push(svg.rect(x(0), y + 3, x(Math.min(old, now)) - x(0), ROW - 8, '#8c959f'));
    if (now > old) out.push(svg.rect(x(old), y + 3, x(now) - x(old), ROW - 8, '#1a7f37'));
    if (now < old) out.push(svg.rect(x(now), y + 3, x(old) - x(now), ROW - 8, 'none', 'stroke="#cf222e" stroke-dasharray="2 2"'));
    out.push(svg.text(x(Math.max(old, now)) + 4, y + 13, now, 'font-size="11"'));
  }
  out.push('</svg>');
  return out.join('');
}

/** The steps of every game played (one per turn). */
export function diceWatchSteps(events: readonly DiceTurnEvent[], rules: string, endScore = 40): WatchStep[] {
  const seatsByGame = seatsOf(events);
  const steps: WatchStep[] = [];
  let game = -1;
  let before: number[] = [];
  let round = 0;
  let lastIndex = -1;
  let lastRoundSeen = false;
  let firstInitiator = -1;
  let finalPass = false;
  const games = new Set(events.map((e) => e.game)).size;
  for (const e of events) {
    if (e.game !== game) {
      game = e.game;
      before = e.scores.map(() => 0);
      round = 1;
      lastIndex = -1;
      lastRoundSeen = false;
      firstInitiator = -1;
      finalPass = false;
    } else if (e.index <= lastIndex) {
      round++;
      if (lastRoundSeen) finalPass = true;
    }
    lastIndex = e.index;
    const seats = seatsByGame.get(e.game) ?? [];
    const last = e.throws[e.throws.length - 1];
    const old = before[e.index] ?? 0;
    const now = e.scores[e.index] ?? 0;
    const turnSum = e.throws.reduce((a, t) => (t === 6 ? 0 : a + t), 0);
    const lines: string[] = [];
    let mark: WatchStep['mark'];
    let note: string;
    if (last === 6) {
      const lostAll = now < old;
      note = lostAll ? `threw a 6 above ${endScore}: score back to 0` : `threw a 6 after ${e.throws.length - 1} throw(s): turn lost`;
      lines.push(`${e.bot} throws ${e.throws.join(', ')} — the 6 loses the turn's ${e.throws.slice(0, -1).reduce((a, t) => a + t, 0)}${lostAll ? ` and, ${old} + turn ≥ ${endScore}, the whole score (${old} → 0)` : ''}.`);
      if (lostAll) mark = 'bad';
    } else {
      note = `stops after ${e.throws.length} throw(s): +${turnSum} → ${now}`;
      lines.push(`${e.bot} throws ${e.throws.join(', ')} and stops: running sums ${runningSums(e.throws).join(', ')}; score ${old} → ${now}.`);
    }
    if (!e.lastRound && now >= endScore && firstInitiator < 0) {
      firstInitiator = e.index;
      lastRoundSeen = true;
      mark = 'major';
      lines.push(`${e.bot} reaches ${now} ≥ ${endScore}: the last round starts — every other bot gets one more turn.`);
    } else if (e.lastRound && !finalPass && now >= endScore && old < endScore) {
      mark = 'major';
      lines.push(
        rules === 'original'
          ? `${e.bot} also reaches ${endScore} in the last round: the first controller makes it the new initiator, so every bot seated before it — ${seats[firstInitiator] ?? 'the first initiator'} too — gets an extra turn (the last-round bug).`
          : `${e.bot} also reaches ${endScore} in the last round (the updated controller ignores it: \`and not last_round\`).`,
      );
    }
    if (finalPass && firstInitiator >= 0 && e.index >= firstInitiator) {
      mark ??= 'major';
      note = `extra turn (last-round bug) — ${note}`;
      lines.push(`Extra turn: seat ${e.index} (${e.bot}) already had its last turn; the first controller (--rules original) gives it another because a later seat re-triggered the last round.`);
    }
    if (e.lastRound) lines.push('Last round.');
    steps.push({
      label: `${games > 1 ? `game ${e.game}, ` : ''}round ${round}${e.lastRound ? ' (last)' : ''}: ${e.bot}${last === 6 ? ' throws a 6' : ` stops at ${now}`}`,
      svg: picture(e, before, seats, endScore, note),
      lines,
      ...(mark ? { mark } : {}),
    });
    before = e.scores.slice();
  }
  return steps;
}

function runningSums(throws: readonly number[]): number[] {
  let s = 0;
  return throws.map((t) => (s = t === 6 ? 0 : s + t));
}

/** The page's intro for dice. */
export function diceWatchIntro(events: readonly DiceTurnEvent[], winners: readonly string[], rules: string): string[] {
  const seats = seatsOf(events).get(events[0]?.game ?? 1) ?? [];
  return [
    `Seats (in playing order): ${seats.map((b, i) => `${i}. ${b}`).join(', ')}.`,
    `Rules: ${rules}. Each turn a bot throws until it stops or throws a 6 (which loses the turn's sum); reaching 40 starts the last round.`,
    `Winner${winners.length > 1 ? 's' : ''}: ${winners.join(', ')}.`,
  ];
}

/** The watch page of played dice games (koth play dice --report, and the replay report's sample). */
export function diceWatchPage(o: { seed: string; rules: string; games: number; showGame?: number; turns: readonly DiceTurnEvent[]; winners: readonly string[]; command: string; playedBy?: string }): WatchPage {
  const turns = o.showGame ? o.turns.filter((t) => t.game === o.showGame) : o.turns;
  const winners = o.showGame ? gameWinners(turns) : o.winners;
  return {
    title: `dice — ${o.showGame ? `game ${o.showGame} of ${o.games}` : o.games > 1 ? `${o.games} games` : 'one game'}, seed ${o.seed}`,
    game: 'dice',
    command: o.command,
    harnessVersion: pkg.version,
    ...(o.playedBy ? { playedBy: o.playedBy } : {}),
    intro: diceWatchIntro(turns, winners, o.rules),
    legend: "Dice: the throws of the turn (red: a 6), the running sum under each. Bars: each seat's score (grey: before the turn, green: gained, dashed red: lost); the dashed line is 40.",
    steps: diceWatchSteps(turns, o.rules),
  };
}

/** The bots with the highest final score of one game's turns. */
export function gameWinners(turns: readonly DiceTurnEvent[]): string[] {
  const last = turns[turns.length - 1];
  if (!last) return [];
  const names: string[] = [];
  for (const t of turns) names[t.index] ??= t.bot;
  const top = Math.max(...last.scores);
  return last.scores.flatMap((s, i) => (s === top ? [names[i] ?? `seat ${i}`] : []));
}

/**
 * Sample games for the replay report (official pool): one game of the updated controller, and
 * under the first one (which ran at least 100 games) the first game of seed 1 where the
 * last-round bug gave extra turns.
 */
export function diceWatchSamples(): WatchPage[] {
  const turns: DiceTurnEvent[] = [];
  // Seed 3: a game of five rounds, as most are (seed 7's ends in one: a bot reaches 40 in its first turn).
  runExact(parseSeed('3'), 1, { bots: officialDicePool(), rules: 'fixed' }, diceClass, undefined, (e) => turns.push(e));
  const fixed = diceWatchPage({ seed: '3', rules: 'fixed', games: 1, turns, winners: gameWinners(turns), command: 'koth play dice --seed 3 --report DIR' });
  const all: DiceTurnEvent[] = [];
  runExact(parseSeed('1'), 100, { bots: officialDicePool(), rules: 'original' }, diceClass, undefined, (e) => all.push(e));
  const extra = [...new Set(all.map((t) => t.game))].find((g) => diceWatchSteps(all.filter((t) => t.game === g), 'original').some((s) => s.lines.some((l) => l.startsWith('Extra turn'))));
  if (extra === undefined) return [fixed];
  return [fixed, diceWatchPage({ seed: '1', rules: 'original', games: 100, showGame: extra, turns: all, winners: [], command: `koth play dice --seed 1 --rules original --games 100 --show-game ${extra} --report DIR` })];
}
