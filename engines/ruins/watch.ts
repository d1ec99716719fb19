/**
 * `koth play ruins --report DIR`: the game turn by turn. The pictures come from the game
 * itself (Ruins' onTurnEnd hook: rooms, each adventurer's room, stamina and backpack, read
 * after every turn), the text from the driver's own log (actions with their bids, who won a
 * treasure, deaths and what they spilled). Drawn here; the page is the core's
 * (engines/core/report/html/watch.ts).
 */
import { svg, type WatchStep } from '../core/report/html/watch.ts';
import { Ruins, scoreRows, type LogLine } from './rules.ts';
import type { WatchPage } from '../core/report/html/watch.ts';
import { printable } from '../core/report/table.ts';
import pkg from '../../package.json' with { type: 'json' };
import { testBotClasses } from './ports.ts';

interface Item {
  value: number;
  weight: number;
}

interface Adv {
  name: string;
  bot: string;
  room: number;
  stamina: number;
  alive: boolean;
  items: Item[];
}

/** The game after a turn (turn 0: before the first). */
export interface RuinsSnapshot {
  turn: number;
  advs: Adv[];
  rooms: Item[][];
  /** Log lines written since the previous snapshot. */
  log: LogLine[];
}

const items = (list: readonly ({ value: number; weight: number } | null)[]): Item[] => list.filter((t) => t !== null).map((t) => ({ value: t!.value, weight: t!.weight }));

/** A recorder to hand to `new Ruins(…, { log: true, onTurnEnd })`; `snapshots` fills as the game runs. */
export function ruinsRecorder(): { onTurnEnd: (g: Ruins) => void; snapshots: RuinsSnapshot[] } {
  const snapshots: RuinsSnapshot[] = [];
  let seen = 0;
  return {
    snapshots,
    onTurnEnd(g) {
      snapshots.push({
        turn: g.turnNumber,
        advs: g.seats.map((p) => ({ name: p.name, bot: p.botName, room: p.room, stamina: p.stamina, alive: p.alive, items: items(p.treasures) })),
        rooms: g.rooms.map(items),
        log: g.log.slice(seen),
      });
      seen = g.log.length;
    },
  };
}

const W = 940;
const NAME_W = 230;
const SIDE_W = 250;
const ROW = 22;

function picture(s: RuinsSnapshot, prev: RuinsSnapshot | undefined): string {
  // Rooms 1..n: as deep as anyone is (or was a turn ago), at least 8, so the busy rooms near the entrance stay readable.
  const n = Math.max(8, ...s.advs.map((a) => a.room + 1), ...(prev?.advs.map((a) => a.room + 1) ?? []));
  const trackW = W - NAME_W - SIDE_W;
  const colW = trackW / (n + 1); // column 0: outside the ruins
  const cx = (room: number) => NAME_W + colW * room + colW / 2;
  const top = 58;
  const h = top + s.advs.length * ROW + 8;
  const out = [svg.open(W, h, `turn ${s.turn}: rooms and adventurers`)];
  out.push(svg.text(cx(0), 14, 'out', 'font-size="10" text-anchor="middle" fill="#57606a"'));
  // The rooms: one band; a tick and number every few rooms; the treasures left in a room as a
  // bar (height: their total value), all in one path to keep a 100-room game's page small.
  out.push(svg.rect(NAME_W + colW, 20, colW * n, h - 24, '#f6f8fa', 'stroke="#d0d7de"'));
  const every = colW >= 16 ? 1 : colW >= 6 ? 5 : 10;
  let ticks = '';
  for (let r = 1; r <= n; r++) {
    if (r !== 1 && r % every !== 0) continue;
    if (r === 1 && colW < 16) {
      ticks += `M${Math.round(NAME_W + colW * r)} 20v${h - 24}`;
      continue;
    }
    out.push(svg.text(cx(r), 14, r, 'font-size="10" text-anchor="middle" fill="#57606a"'));
    ticks += `M${Math.round(NAME_W + colW * r)} 20v${h - 24}`;
  }
  out.push(`<path d="${ticks}" stroke="#d0d7de"/>`);
  const maxValue = Math.max(1, ...s.rooms.slice(0, n).map((room) => room.reduce((a, t) => a + t.value, 0)));
  let bars = '';
  s.rooms.slice(0, n).forEach((room, k) => {
    const v = room.reduce((a, t) => a + t.value, 0);
    if (!v) return;
    const bh = Math.max(1, Math.round((v / maxValue) * 26));
    bars += `M${Math.round(cx(k + 1) - Math.max(1, colW / 2 - 1))} ${52 - bh}h${Math.max(1, Math.round(colW - 2))}v${bh}h${-Math.max(1, Math.round(colW - 2))}z`;
  });
  if (bars) out.push(`<path d="${bars}" fill="#d4a72c"/>`);
  out.push(svg.text(0, 40, `treasures left (max $${maxValue})`, 'font-size="10" fill="#9a6700"'));
  out.push(svg.text(W - SIDE_W + 6, 40, 'stamina · backpack', 'font-size="10" fill="#57606a"'));
  s.advs.forEach((a, i) => {
    const y = top + i * ROW;
    const was = prev?.advs[i];
    const died = !a.alive && (was?.alive ?? true);
    const left = a.room === 0 && a.alive;
    const colour = !a.alive ? '#cf222e' : left ? '#0969da' : '#1a7f37';
    if (died) out.push(svg.rect(0, y - 2, W, ROW - 2, '#ffebe9'));
    out.push(svg.text(0, y + 13, `${a.bot} · ${a.name}`, `font-size="11"${!a.alive ? ' fill="#cf222e" text-decoration="line-through"' : ''}`));
    if (was && was.room !== a.room && a.alive) {
      out.push(`<line x1="${cx(was.room)}" y1="${y + 9}" x2="${cx(a.room)}" y2="${y + 9}" stroke="${colour}" stroke-width="2" stroke-dasharray="3 2" opacity="0.6"/>`);
    }
    if (a.alive) out.push(`<circle cx="${cx(a.room)}" cy="${y + 9}" r="5" fill="${colour}"/>`);
    else out.push(svg.text(cx(a.room), y + 14, '✗', 'font-size="14" text-anchor="middle" fill="#cf222e"'));
    const sx = W - SIDE_W + 6;
    out.push(svg.rect(sx, y + 3, 60, 10, '#eaeef2'));
    out.push(svg.rect(sx, y + 3, (60 * Math.max(0, Math.min(1000, a.stamina))) / 1000, 10, a.stamina > 0 ? '#1a7f37' : '#cf222e'));
    const v = a.items.reduce((x, t) => x + t.value, 0);
    const w = a.items.reduce((x, t) => x + t.weight, 0);
    out.push(svg.text(sx + 64, y + 12, `${a.stamina} · ${a.items.length} item${a.items.length === 1 ? '' : 's'} $${v} ${w}kg`, 'font-size="10"'));
  });
  out.push('</svg>');
  return out.join('');
}

const strip = (t: string) => t.replace(/^\[(?:Turn \d+|Pregame|Game End)\] /, '');

/** One step per turn (and one for the start), from the snapshots the recorder made. */
export function ruinsWatchSteps(snaps: readonly RuinsSnapshot[], endLog: readonly LogLine[] = []): WatchStep[] {
  return snaps.map((s, i) => {
    const prev = snaps[i - 1];
    const log = i === snaps.length - 1 ? [...s.log, ...endLog] : s.log;
    const lines = log.filter((l) => l.type !== 'score' && !/ begins!$/.test(l.text)).flatMap((l) => strip(l.text).split('\n'));
    const deaths = s.advs.filter((a, k) => !a.alive && (prev?.advs[k]?.alive ?? true));
    const exits = s.advs.filter((a, k) => a.alive && a.room === 0 && (prev?.advs[k]?.room ?? 1) !== 0);
    const what = [deaths.length ? `${deaths.length} died (${deaths.map((a) => a.bot).join(', ')})` : '', exits.length ? `${exits.map((a) => a.bot).join(', ')} left` : ''].filter(Boolean).join('; ');
    return {
      label: s.turn === 0 ? 'before the first turn' : `turn ${s.turn}${what ? ': ' + what : ''}`,
      svg: picture(s, prev),
      lines,
      ...(deaths.length ? { mark: 'bad' as const } : exits.length ? { mark: 'good' as const } : {}),
    };
  });
}

/** The watch page of a played game (koth play ruins --report, and the replay report's sample). */
export function ruinsWatchPage(seed: string, snaps: readonly RuinsSnapshot[], log: readonly LogLine[], rows: readonly { bot: string; character: string; money: number | null; score: number }[], command: string): WatchPage {
  const used = snaps.reduce((a, s) => a + s.log.length, 0);
  return {
    title: `Adventurers in the ruins — one game, seed ${seed}`,
    game: 'ruins',
    command,
    harnessVersion: pkg.version,
    intro: [
      `${snaps[0]?.advs.length ?? 0} adventurers, ${snaps.length - 1} turns. Rooms along a line from the entrance (room 1); "out": left the ruins with its backpack.`,
      `Result: ${rows.map((r, i) => `${i + 1}. ${printable(r.bot)} (${r.money === null ? 'DEAD' : '$' + r.money}, score ${r.score})`).join(', ')}.`,
    ],
    legend: 'Each row is an adventurer: a dot in its room (green: in the ruins, blue: left them, ✗ red: dead; a dashed line from where it was), its stamina (of 1000) and backpack. Gold bars: the value of the treasures left in each room. The text: the driver\'s log of the turn (actions as read, with their bids; who won a treasure; deaths and their trap messages).',
    steps: ruinsWatchSteps(snaps, log.slice(used)),
  };
}

/** A sample game for the replay report: the test bots, seed K48XMESC. */
export function ruinsWatchSamples(): WatchPage[] {
  const recorder = ruinsRecorder();
  const seed = 'K48XMESC';
  const game = new Ruins(testBotClasses(), seed, { log: true, onTurnEnd: recorder.onTurnEnd });
  const rows = scoreRows(game.runGame());
  return [ruinsWatchPage(seed, recorder.snapshots, game.log, rows, `koth play ruins --seed ${seed} --pool test-bots --report DIR`)];
}
