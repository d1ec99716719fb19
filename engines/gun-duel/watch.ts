/**
 * `koth play gun-duel --report DIR`: the first round's round-robin duel by duel, from the
 * tournament's own duel records (runTournament's onDuel: both players with their action
 * histories, and the outcome). Each step: the duel's turns (both actions, the ammo after each
 * turn, the outcome) and the round-robin so far; the ammo is counted from the histories as
 * Player.performFight counts it. Drawn here; the page is the core's (engines/core/report/html/watch.ts).
 */
import { svg, type WatchStep } from '../core/report/html/watch.ts';
import { BULLET, LOAD, PLASMA } from './player.ts';
import type { DuelRecord } from './tournament.ts';
import { AWIN, BWIN } from './rules.ts';
import type { WatchPage } from '../core/report/html/watch.ts';
import pkg from '../../package.json' with { type: 'json' };
import { exactSeeds, runTournament, type TournamentResult } from './tournament.ts';
import type { CppLibrary, PlayerClass } from './player.ts';
import { DEFAULT_VARIANT, type GunDuelVariant } from './variants.ts';
import { gunDuelPool } from './ports.ts';

const NAMES = ['load', 'bullet', 'plasma', 'metal shield', 'thermal shield'];
const COLOURS = ['#8c959f', '#cf222e', '#8250df', '#57606a', '#d4a72c'];
const W = 940;

/** One duel as the page shows it. */
export interface DuelView {
  a: number;
  b: number;
  actionsA: number[];
  actionsB: number[];
  status: number;
}

export function duelView(d: DuelRecord): DuelView {
  return { a: d.a, b: d.b, actionsA: [...d.pa.getHistory()], actionsB: [...d.pb.getHistory()], status: d.status };
}

function ammoAfter(actions: readonly number[]): number[] {
  let ammo = 0;
  return actions.map((x) => (ammo += x === LOAD ? 1 : x === BULLET ? -1 : x === PLASMA ? -2 : 0));
}

function picture(d: DuelView, names: readonly string[], done: readonly DuelView[]): string {
  const n = names.length;
  const turns = Math.max(d.actionsA.length, d.actionsB.length);
  const perRow = 36;
  const rows = Math.max(1, Math.ceil(turns / perRow));
  const cell = 20;
  const timelineH = rows * 84;
  const grid = 14;
  const gridTop = timelineH + 30;
  const h = gridTop + 30 + n * grid + 10;
  const out = [svg.open(W, h, `${names[d.a]} vs ${names[d.b]}`)];
  const ammoA = ammoAfter(d.actionsA);
  const ammoB = ammoAfter(d.actionsB);
  for (let r = 0; r < rows; r++) {
    const y0 = r * 84 + 4;
    out.push(svg.text(0, y0 + 26, names[d.a]!.slice(0, 22), 'font-size="11" font-weight="bold"'));
    out.push(svg.text(0, y0 + 62, names[d.b]!.slice(0, 22), 'font-size="11" font-weight="bold"'));
    // Cells as one path per action (a long draw has 200 of them); the ammo as a step line under each row.
    const paths = COLOURS.map(() => '');
    for (let t = r * perRow; t < Math.min(turns, (r + 1) * perRow); t++) {
      const x = 150 + (t - r * perRow) * cell;
      if (t % 5 === 0) out.push(svg.text(x + cell / 2, y0 + 8, t + 1, 'font-size="8" text-anchor="middle" fill="#57606a"'));
      [d.actionsA[t], d.actionsB[t]].forEach((act, k) => {
        if (act === undefined || paths[act] === undefined) return;
        paths[act] += `M${x + 1} ${y0 + 12 + k * 36}h${cell - 2}v${cell - 6}h${-(cell - 2)}z`;
      });
    }
    paths.forEach((p, k) => p && out.push(`<path d="${p}" fill="${COLOURS[k]}"/>`));
    for (const [k, ammo] of [[0, ammoA], [1, ammoB]] as const) {
      const base = y0 + 12 + k * 36 + 28;
      let line = '';
      for (let t = r * perRow; t < Math.min(ammo.length, (r + 1) * perRow); t++) {
        const x = 150 + (t - r * perRow) * cell;
        const y = base - Math.max(-2, Math.min(6, ammo[t]!)) * 1.5;
        line += `${line ? 'L' : 'M'}${x + 1} ${y}h${cell - 2}`;
      }
      if (line) out.push(`<path d="${line}" fill="none" stroke="#0969da"/>`);
      const last = ammo[Math.min(ammo.length, (r + 1) * perRow) - 1];
      if (last !== undefined) out.push(svg.text(150 + Math.min(perRow, ammo.length - r * perRow) * cell + 4, base, `ammo ${last}`, 'font-size="9" fill="#0969da"'));
    }
  }
  const result = d.status === AWIN ? `${names[d.a]} wins` : d.status === BWIN ? `${names[d.b]} wins` : 'draw';
  out.push(svg.text(0, timelineH + 16, `${turns} turn${turns === 1 ? '' : 's'}: ${result}. Blue line: ammo after each turn.`, 'font-size="12" font-weight="bold"'));
  // The round-robin so far: row player vs column player (green: the row won, red: lost, grey: draw).
  const gx = 150;
  const top = gridTop + 20;
  out.push(svg.text(0, gridTop, 'round-robin so far (row vs column; name, index · wins):', 'font-size="11"'));
  let win = '';
  let loss = '';
  let draw = '';
  const sq = (i: number, j: number) => `M${gx + j * grid} ${top + i * grid}h${grid - 1}v${grid - 1}h${-(grid - 1)}z`;
  for (const x of done) {
    if (x.status === AWIN) {
      win += sq(x.a, x.b);
      loss += sq(x.b, x.a);
    } else if (x.status === BWIN) {
      win += sq(x.b, x.a);
      loss += sq(x.a, x.b);
    } else draw += sq(x.a, x.b) + sq(x.b, x.a);
  }
  out.push(`<path d="${win}" fill="#1a7f37"/><path d="${loss}" fill="#cf222e"/><path d="${draw}" fill="#afb8c1"/>`);
  out.push(`<path d="${sq(d.a, d.b)}${sq(d.b, d.a)}" fill="none" stroke="#000" stroke-width="2"/>`);
  const points = names.map(() => 0);
  for (const x of done) {
    if (x.status === AWIN) points[x.a]!++;
    if (x.status === BWIN) points[x.b]!++;
  }
  names.forEach((name, i) => {
    const bold = i === d.a || i === d.b ? ' font-weight="bold"' : '';
    out.push(svg.text(gx - 4, top + i * grid + 11, `${name.slice(0, 20)} ${i} · ${points[i]}`, `font-size="9" text-anchor="end"${bold}`));
    out.push(svg.text(gx + i * grid + 7, top - 3, i, `font-size="8" text-anchor="middle"${bold}`));
  });
  out.push('</svg>');
  return out.join('');
}

/** One step per duel of the first round (the first duel of each pair). */
export function gunDuelWatchSteps(duels: readonly DuelView[], names: readonly string[]): WatchStep[] {
  return duels.map((d, i) => {
    const result = d.status === AWIN ? `${names[d.a]} wins` : d.status === BWIN ? `${names[d.b]} wins` : 'draw';
    const turns = d.actionsA.map((x, t) => `${t + 1}: ${NAMES[x] ?? `action ${x}`} / ${NAMES[d.actionsB[t]!] ?? `action ${d.actionsB[t]}`}`);
    return {
      label: `${names[d.a]} vs ${names[d.b]}: ${result} (${d.actionsA.length} turns)`,
      svg: picture(d, names, duels.slice(0, i + 1)),
      lines: [`Turns (${names[d.a]} / ${names[d.b]}): ${turns.join('; ')}.`],
      ...(d.status === 0 ? {} : { mark: 'good' as const }),
    };
  });
}

/** One tournament; the first round's duels (the first of each pair) as the page shows them. */
export function playFirstRound(seed: bigint, players: PlayerClass[], repetition: number, rules: GunDuelVariant, stdlib: CppLibrary): { names: string[]; duels: DuelView[]; res: TournamentResult } {
  const names = players.map((p) => p.botName);
  const duels: DuelView[] = [];
  const met = new Set<string>();
  const res = runTournament({
    players,
    seeds: exactSeeds(seed),
    repetition,
    variant: rules,
    lib: stdlib,
    onDuel: (d) => {
      if (d.round !== 0 || met.has(`${d.a},${d.b}`)) return;
      met.add(`${d.a},${d.b}`);
      duels.push(duelView(d));
    },
  });
  return { names, duels, res };
}

/** What the pictures of gun-duel's steps show (its pages': `koth play gun-duel --report`, a hosted duel's). */
export const GUN_DUEL_LEGEND =
  "Actions per turn, one square each: grey load (+1 ammo), red bullet (−1), purple plasma (−2), dark grey metal shield, gold thermal shield; the blue line under a row: the ammo after each turn. The grid: the first round so far, row against column (green: the row won, red: lost, grey: draw; outlined: this duel), with each player's wins.";

export function gunDuelWatchPage(seed: bigint, names: readonly string[], duels: readonly DuelView[], res: TournamentResult, repetition: number, rules: string, stdlib: string, command: string): WatchPage {
  return {
    title: `Futuristic Gun Duel — first round, seed ${seed}`,
    game: 'gun-duel',
    command,
    harnessVersion: pkg.version,
    intro: [
      `${names.length} players, ${repetition} duel${repetition === 1 ? '' : 's'} per pair per round, rules ${rules}, C++ library ${stdlib}. Each step: one duel of the first round (the first of each pair).`,
      `Scoreboard: ${res.rows.map((r) => `${r.player} ${r.points}`).join(', ')}.`,
    ],
    legend: GUN_DUEL_LEGEND,
    steps: gunDuelWatchSteps(duels, names),
  };
}

/** A sample for the replay report: eight players, seed 7, one duel per pair. */
export function gunDuelWatchSamples(): WatchPage[] {
  const players = gunDuelPool().slice(0, 8); // --players 0,1,2,3,4,5,6,7: the first eight of the registration order
  const { names, duels, res } = playFirstRound(7n, players, 1, DEFAULT_VARIANT, 'libstdc++');
  return [gunDuelWatchPage(7n, names, duels, res, 1, DEFAULT_VARIANT, 'libstdc++', 'koth play gun-duel --seed 7 --players 0,1,2,3,4,5,6,7 --report DIR')];
}
