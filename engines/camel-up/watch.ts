/**
 * `koth play camel-up --report DIR`: the game action by action. The text comes from the turn
 * events (CamelTurnEvent: who answered what); the pictures from the game's own state read
 * before every action and at the end (runExact's onState): the track with its camel stacks and
 * traps, the bets on the table, each seat's money. Drawn here; the page is the core's
 * (engines/core/report/html/watch.ts).
 */
import { svg, type WatchStep } from '../core/report/html/watch.ts';
import { FINISH_LINE, HiddenBet, type CamelGameState } from './rules.ts';
import type { CamelTurnEvent } from './tournament.ts';
import type { WatchPage } from '../core/report/html/watch.ts';
import pkg from '../../package.json' with { type: 'json' };
import { camelFlags, DEFAULT_CAMEL_VARIANT } from './variants.ts';
import { parseSeed } from '../core/rng/rng.ts';
import { runExact } from './tournament.ts';
import { CAMEL_POOLS, camelPlayer } from './ports.ts';

/** What the picture needs of a state (copied: the game goes on changing its own). */
export interface CamelSnapshot {
  game: number;
  track: number[][];
  traps: ([] | [number, number])[];
  roundBets: [number, number][];
  winnerBets: number[];
  loserBets: number[];
  /** The game bets with their camels ([camel as str() gave it, seat]): what player_view shows the seat to move of its own. */
  winnerBetCamels: [string, number][];
  loserBetCamels: [string, number][];
  money: number[];
  yetToMove: boolean[];
}

export function camelRecorder(): { onState: (game: number, g: CamelGameState) => void; snapshots: CamelSnapshot[] } {
  const snapshots: CamelSnapshot[] = [];
  return {
    snapshots,
    onState(game, g) {
      snapshots.push({
        game,
        track: g.camel_track.map((s) => [...s]),
        traps: g.trap_track.map((t) => (t.length ? [t[0], t[1]] : [])) as CamelSnapshot['traps'],
        roundBets: g.round_bets.map(([c, p]) => [c, p]),
        winnerBets: g.game_winner_bets.map(([, p]) => p),
        loserBets: g.game_loser_bets.map(([, p]) => p),
        winnerBetCamels: g.game_winner_bets.map(([b, p]) => [b ? HiddenBet.reveal(b) : '?', p]),
        loserBetCamels: g.game_loser_bets.map(([b, p]) => [b ? HiddenBet.reveal(b) : '?', p]),
        money: [...g.player_money_values],
        yetToMove: [...g.camel_yet_to_move],
      });
    },
  };
}

const CAMEL_COLOURS = ['#1f6feb', '#d4a72c', '#2da44e', '#cf222e', '#8250df', '#57606a'];
const colour = (c: number) => CAMEL_COLOURS[c] ?? '#57606a';
const W = 900;

function picture(s: CamelSnapshot, players: readonly string[], event: CamelTurnEvent | undefined, before: CamelSnapshot | undefined): string {
  const squares = FINISH_LINE + 3;
  const sq = (W - 20) / squares;
  const base = 130;
  const h = base + 40 + players.length * 22 + 8;
  const out = [svg.open(W, h, `track after turn ${event?.turn ?? 0}`)];
  for (let p = 0; p < squares; p++) {
    const x = 10 + p * sq;
    out.push(svg.rect(x + 1, base, sq - 2, 16, p >= FINISH_LINE ? '#eaeef2' : '#f6f8fa', 'stroke="#d0d7de"'));
    out.push(svg.text(x + sq / 2, base + 12, p, 'font-size="10" text-anchor="middle" fill="#57606a"'));
    const trap = s.traps[p];
    if (trap && trap.length) {
      const [type, owner] = trap;
      out.push(svg.rect(x + 4, base + 20, sq - 8, 14, type === 1 ? '#dafbe1' : '#ffebe9', `stroke="${type === 1 ? '#1a7f37' : '#cf222e'}"`));
      out.push(svg.text(x + sq / 2, base + 31, `${type === 1 ? '+1' : type === -1 ? '−1' : type} s${owner}`, 'font-size="9" text-anchor="middle"'));
    }
    (s.track[p] ?? []).forEach((c, k) => {
      const moved = before && event && event.action[0] === 0 && !before.track[p]?.includes(c);
      out.push(svg.rect(x + 5, base - 4 - (k + 1) * 18, sq - 10, 16, colour(c), `rx="3"${moved ? ' stroke="#000" stroke-width="2"' : ''}`));
      out.push(svg.text(x + sq / 2, base - 4 - k * 18 - 5, c, 'font-size="11" text-anchor="middle" fill="#fff" font-weight="bold"'));
    });
  }
  out.push(`<line x1="${10 + FINISH_LINE * sq}" y1="10" x2="${10 + FINISH_LINE * sq}" y2="${base + 16}" stroke="#000" stroke-dasharray="4 3"/>`);
  out.push(svg.text(10 + FINISH_LINE * sq + 3, 18, 'finish', 'font-size="10"'));
  out.push(svg.text(10, 14, `camels still to move this round: ${s.yetToMove.map((m, c) => (m ? c : null)).filter((c) => c !== null).join(', ') || '—'}`, 'font-size="11"'));
  const maxMoney = Math.max(10, ...s.money);
  players.forEach((name, seat) => {
    const y = base + 44 + seat * 22;
    const cur = event?.seat === seat;
    if (cur) out.push(svg.rect(0, y - 2, W, 20, '#fff8c5'));
    out.push(svg.text(10, y + 12, `seat ${seat}: ${name}`, `font-size="12"${cur ? ' font-weight="bold"' : ''}`));
    out.push(svg.rect(220, y + 2, (200 * Math.max(0, s.money[seat] ?? 0)) / maxMoney, 12, '#d4a72c'));
    out.push(svg.text(225 + (200 * Math.max(0, s.money[seat] ?? 0)) / maxMoney, y + 12, `$${s.money[seat]}`, 'font-size="11"'));
    let bx = 480;
    out.push(svg.text(bx - 30, y + 12, 'bets', 'font-size="10" fill="#57606a"'));
    for (const [camel, p] of s.roundBets) {
      if (p !== seat) continue;
      out.push(svg.rect(bx, y + 1, 14, 14, colour(camel), 'rx="2"'));
      out.push(svg.text(bx + 7, y + 12, camel, 'font-size="10" text-anchor="middle" fill="#fff"'));
      bx += 17;
    }
    const win = s.winnerBets.filter((p) => p === seat).length;
    const lose = s.loserBets.filter((p) => p === seat).length;
    if (win || lose) out.push(svg.text(bx + 6, y + 12, `${win ? `${win} hidden game-winner bet${win > 1 ? 's' : ''}` : ''}${win && lose ? ', ' : ''}${lose ? `${lose} hidden game-loser bet${lose > 1 ? 's' : ''}` : ''}`, 'font-size="10"'));
  });
  out.push('</svg>');
  return out.join('');
}

const ACTION: Record<number, (a: readonly unknown[]) => string> = {
  0: () => 'moves a camel',
  1: (a) => `places a trap (${String(a[1])}) on square ${String(a[2])}`,
  2: (a) => `bets on camel ${String(a[1])} to win the round`,
  3: (a) => `bets on camel ${String(a[1])} to win the game`,
  4: (a) => `bets on camel ${String(a[1])} to lose the game`,
};

/**
 * The game bets as camelup.py 2026's player_view showed them to `seat`: its own with their camel
 * (hashed for the player; it decodes them with check_bet), the others' as [None, seat].
 */
export function redactedBetsLine(s: CamelSnapshot, seat: number): string {
  const show = (bets: [string, number][]) => `[${bets.map(([c, p]) => (p === seat ? `[hash of "${c}", ${p}]` : `[None, ${p}]`)).join(', ')}]`;
  return `Seat ${seat} saw (player_view): game_winner_bets ${show(s.winnerBetCamels)}, game_loser_bets ${show(s.loserBetCamels)}.`;
}

/**
 * One step per action and one for the start of each game; `order`: the seated players per game.
 * `redacted` (2026 rules, fullStateCopy off): each step also says which game bets the seat to move saw.
 */
export function camelWatchSteps(events: readonly CamelTurnEvent[], snaps: readonly CamelSnapshot[], order: readonly (readonly string[])[], redacted = false): WatchStep[] {
  const steps: WatchStep[] = [];
  const games = order.length;
  for (let game = 1; game <= games; game++) {
    const evs = events.filter((e) => e.game === game);
    const ss = snaps.filter((s) => s.game === game);
    const players = order[game - 1] ?? [];
    if (ss[0]) steps.push({ label: `${games > 1 ? `game ${game}: ` : ''}the start`, svg: picture(ss[0], players, undefined, undefined), lines: [`Seats: ${players.map((p, i) => `${i}. ${p}`).join(', ')}.`] });
    evs.forEach((e, i) => {
      const before = ss[i];
      const after = ss[i + 1] ?? before;
      if (!after) return;
      const lines = [`Seat ${e.seat} (${e.player}) ${(ACTION[e.action[0] as number] ?? (() => (redacted ? 'answers out of bounds (rolls instead)' : 'answers out of bounds (skipped)')))(e.action)}.`];
      if (redacted && before && before.winnerBetCamels.length + before.loserBetCamels.length > 0) lines.push(redactedBetsLine(before, e.seat));
      let mark: WatchStep['mark'];
      if (before && e.action[0] === 0) {
        const moved = after.track.flatMap((st, p) => st.map((c) => ({ c, p }))).filter(({ c, p }) => !before.track[p]?.includes(c));
        if (moved.length) lines.push(`Moved: ${moved.map(({ c, p }) => `camel ${c} → square ${p}`).join(', ')}.`);
        if (after.yetToMove.every((m) => m) && !before.yetToMove.every((m) => m) ) {
          lines.push('Every camel has moved: the round ends and round bets are paid.');
          mark = 'major';
        }
      }
      const delta = after.money.map((m, s) => m - (before?.money[s] ?? m));
      if (delta.some((d) => d)) lines.push(`Money: ${delta.map((d, s) => (d ? `seat ${s} ${d > 0 ? '+' : ''}${d}` : '')).filter(Boolean).join(', ')} → ${after.money.join(', ')}.`);
      if (i === evs.length - 1) {
        lines.push(`A camel crossed the finish line: the game ends. Final money ${after.money.join(', ')}.`);
        mark = 'good';
      }
      steps.push({
        label: `${games > 1 ? `game ${game}, ` : ''}turn ${e.turn}: ${e.player} ${(ACTION[e.action[0] as number] ?? (() => 'answers out of bounds'))(e.action)}`,
        svg: picture(after, players, e, before),
        lines,
        ...(mark ? { mark } : {}),
      });
    });
  }
  return steps;
}

/** The watch page of played camel-up games (koth play camel-up --report, and the replay report's sample). */
export function camelWatchPage(o: { seed: string; rules: string; events: readonly CamelTurnEvent[]; snapshots: readonly CamelSnapshot[]; games: readonly { order: string[]; money: number[]; winnerSeats: number[] }[]; command: string }): WatchPage {
  return {
    title: `Camel Up — ${o.games.length > 1 ? `${o.games.length} games` : 'one game'}, seed ${o.seed}`,
    game: 'camel-up',
    command: o.command,
    harnessVersion: pkg.version,
    intro: [
      `Rules: ${o.rules}. Four seats act in turn: move a camel (+1 coin), place a trap, bet on the round's winner, or hidden bets on the game's winner or loser.`,
      ...(camelFlags(o.rules).fullStateCopy ? [] : ["Each seat is handed camelup.py 2026's player_view: its own game bets (hashed), the others' as [None, seat]; every step says what the seat to move saw."]),
      ...o.games.map((g, i) => `Game ${i + 1}: ${g.order.map((p, s) => `${p} $${g.money[s]}`).join(', ')} — winner${g.winnerSeats.length > 1 ? 's' : ''} ${g.winnerSeats.map((s) => g.order[s]).join(', ')}.`),
    ],
    legend: "The track: camel stacks (bottom first; a black outline: moved this turn), traps (+1 green, −1 red, with the seat that placed them), the finish line. Below: each seat's money, its round bets (a square per bet, the camel's colour) and its hidden game bets.",
    steps: camelWatchSteps(o.events, o.snapshots, o.games.map((g) => g.order), !camelFlags(o.rules).fullStateCopy),
  };
}

/** A sample game for the replay report: the fast pool, seed 1. */
export function camelWatchSamples(): WatchPage[] {
  const events: CamelTurnEvent[] = [];
  const recorder = camelRecorder();
  const rules = DEFAULT_CAMEL_VARIANT;
  const result = runExact([...CAMEL_POOLS.dumb!], camelPlayer, parseSeed('1'), rules, 1, (e) => events.push(e), recorder.onState);
  return [camelWatchPage({ seed: '1', rules, events, snapshots: recorder.snapshots, games: result.games, command: 'koth play camel-up --seed 1 --pool dumb --report DIR' })];
}
