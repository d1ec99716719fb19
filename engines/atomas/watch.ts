/**
 * `koth play atomas --report DIR`: a game move by move, from the controller's own move hook
 * (playGame's onMove: the line the bot read, `atom/board`, and what it answered) and its
 * score: the ring before and after each move, the atom played, the answer, fusions (the
 * score going up, atoms leaving the ring). Drawn here; the page is the core's
 * (engines/core/report/html/watch.ts).
 */
import { svg, type WatchStep } from '../core/report/html/watch.ts';
import type { AtomasGame } from './rules.ts';
import type { AtomasMove } from './tournament.ts';
import type { WatchPage } from '../core/report/html/watch.ts';
import pkg from '../../package.json' with { type: 'json' };
import { PyRandom } from '../core/rng/python-random.ts';
import { runGames } from './tournament.ts';
import { DEFAULT_ATOMAS_VARIANT } from './variants.ts';
import { ATOMAS_ANSWERS, atomasBot } from './ports.ts';

const W = 820;
const R = 120;

function parseInput(input: string): { atom: string; board: string[] } {
  const [atom, board] = [input.slice(0, input.indexOf('/')), input.slice(input.indexOf('/') + 1)];
  return { atom, board: board.trim() ? board.trim().split(' ') : [] };
}

const SPECIAL: Record<string, string> = { '+': '#cf222e', '-': '#0969da', B: '#1f2328', C: '#8c959f' };

function atomColour(a: string): string {
  if (SPECIAL[a]) return SPECIAL[a]!;
  const n = Number(a);
  const hue = (n * 47) % 360;
  return `hsl(${hue},55%,45%)`;
}

function ring(cx: number, cy: number, board: readonly string[], centre: string, title: string, sub: string): string {
  const out: string[] = [];
  out.push(`<circle cx="${cx}" cy="${cy}" r="${R}" fill="none" stroke="#d0d7de" stroke-dasharray="4 4"/>`);
  out.push(svg.text(cx, cy - R - 22, title, 'font-size="13" font-weight="bold" text-anchor="middle"'));
  board.forEach((a, i) => {
    const ang = (2 * Math.PI * i) / Math.max(1, board.length) - Math.PI / 2;
    const x = cx + R * Math.cos(ang);
    const y = cy + R * Math.sin(ang);
    out.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="15" fill="${atomColour(a)}"/>`);
    out.push(svg.text(x, y + 5, a, 'font-size="13" text-anchor="middle" fill="#fff" font-weight="bold"'));
    out.push(svg.text(cx + (R - 28) * Math.cos(ang), cy + (R - 28) * Math.sin(ang) + 3, i, 'font-size="8" text-anchor="middle" fill="#8c959f"'));
  });
  if (centre) {
    out.push(`<circle cx="${cx}" cy="${cy}" r="22" fill="${atomColour(centre)}" stroke="#000"/>`);
    out.push(svg.text(cx, cy + 6, centre, 'font-size="17" text-anchor="middle" fill="#fff" font-weight="bold"'));
  }
  out.push(svg.text(cx, cy + R + 34, sub, 'font-size="12" text-anchor="middle"'));
  return out.join('');
}

/** One step per move of each game; `games`: the controller's results (final ring and score). */
export function atomasWatchSteps(moves: readonly AtomasMove[], games: readonly AtomasGame[]): WatchStep[] {
  const steps: WatchStep[] = [];
  const many = games.length > 1;
  moves.forEach((m, i) => {
    const next = moves[i + 1];
    const sameGame = next && next.game === m.game;
    const game = games[m.game - 1];
    const before = parseInput(m.input);
    const after = sameGame ? parseInput(next.input).board : (game?.finalBoard.map(String) ?? []);
    const scoreAfter = sameGame ? next.scoreBefore : (game?.score ?? m.scoreBefore);
    const gained = scoreAfter - m.scoreBefore;
    const answer = m.output.split('\n')[0]!.trim();
    const lines = [`Atom ${before.atom} comes; the bot answers "${answer}". Ring: ${before.board.length} → ${after.length} atoms.`];
    let mark: WatchStep['mark'];
    if (gained > 0) {
      lines.push(`Fusion: +${gained} points (score ${m.scoreBefore} → ${scoreAfter}).`);
      mark = 'good';
    }
    if (!sameGame) {
      lines.push(game?.crash ? `The controller crashed: ${game.crash} (the run ends).` : `The ring is full (more than 18 atoms): game over, score ${scoreAfter}.`);
      mark = game?.crash ? 'bad' : 'major';
    }
    const h = 2 * R + 110;
    const picture =
      svg.open(W, h, `move ${i + 1}: atom ${before.atom}`) +
      ring(W / 4, R + 50, before.board, before.atom, 'before', `score ${m.scoreBefore} · answer "${answer.slice(0, 20)}"`) +
      `<path d="M${W / 2 - 20} ${R + 50}h34m-8 -6l8 6l-8 6" stroke="#57606a" fill="none" stroke-width="2"/>` +
      ring((3 * W) / 4, R + 50, after, '', 'after', `score ${scoreAfter}${gained > 0 ? ` (+${gained})` : ''}`) +
      '</svg>';
    steps.push({
      label: `${many ? `game ${m.game}, ` : ''}move ${moves.slice(0, i + 1).filter((x) => x.game === m.game).length}: atom ${before.atom} → "${answer.slice(0, 20)}"${gained > 0 ? `, +${gained}` : ''}`,
      svg: picture,
      lines,
      ...(mark ? { mark } : {}),
    });
  });
  return steps;
}

export function atomasWatchPage(bot: string, seed: string, rules: string, moves: readonly AtomasMove[], games: readonly AtomasGame[], command: string): WatchPage {
  return {
    title: `Atomas — ${bot}, ${games.length > 1 ? `${games.length} games` : 'one game'}, seed ${seed}`,
    game: 'atomas',
    command,
    harnessVersion: pkg.version,
    intro: [
      `Rules: ${rules}. Each move the bot reads the incoming atom and the ring (atom/board) and answers where to put it (a + fuses equal neighbours; − takes an atom out; B, C: black plus, clone); the game ends when the ring holds more than 18 atoms.`,
      ...games.map((g, i) => `Game ${i + 1}: score ${g.score} in ${g.moves} moves${g.crash ? `; the controller crashed: ${g.crash}` : ''}.`),
    ],
    legend: 'Left: the ring before the move (index of each place in grey) with the atom to play in the middle (red +, blue −, black B, grey C); right: the ring after it, with the score.',
    steps: atomasWatchSteps(moves, games),
  };
}

/** A sample for the replay report: the first answer's first game, seed 1. */
export function atomasWatchSamples(): WatchPage[] {
  const player = atomasBot(ATOMAS_ANSWERS[0]!)!;
  const moves: AtomasMove[] = [];
  const games = runGames(player, new PyRandom(1n, { python2: true }), DEFAULT_ATOMAS_VARIANT, 1, (m) => moves.push(m));
  return [atomasWatchPage(player.name, '1', DEFAULT_ATOMAS_VARIANT, moves, games, `koth play atomas --seed 1 --bots ${player.name} --report DIR`)];
}
