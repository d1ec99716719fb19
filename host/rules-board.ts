/**
 * `koth host board DIR --rules R` for rules the host has not played (docs/host.md "A rule change"):
 * the host's field games replayed under R, and each entry's change.
 *
 * Every stored field game of the host's rules is played again from its own seed (its run and seed
 * key: the same generator, common random numbers — the same dice under both rules, so what differs
 * is the rules, not the luck) with the same seats under R, in a copy of the host's database (SQLite's
 * `VACUUM INTO`, in a temporary folder removed afterwards): the host itself is not written. The
 * board of R is then rated exactly as a host playing R would rate it (rate.ts), and set beside
 * the board of the host's rules: each entry's Elo under both and the difference. A game that
 * fails under R (a bot that raises under the new rules) is left out and counted.
 *
 * A function of the store and R: two hosts with the same games show the same change.
 */
import { hostSandbox } from '../engines/core/host/play.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameDescriptor, ReplayKit } from '../engines/core/game.ts';
import { computeBoard, type Board } from '../engines/core/host/board.ts';
import type { RateOptions } from '../engines/core/host/rate.ts';
import { fieldRunSeed } from '../engines/core/host/seeds.ts';
import { getSettings, iterateGames, nextGameNumber, openStore, recordGames, type Game, type Store } from '../engines/core/host/store.ts';
import type { SandboxPool } from '../engines/core/sandbox/pool.ts';
import { renderTable } from '../engines/core/report/table.ts';
import { hostOf } from './tick.ts';
import { hostJobOf, seatsAnswers } from '../engines/core/host/runs.ts';

/** One entry under both rules. */
export interface RuleChangeRow {
  name: string;
  /** Elo under the host's rules and under R (null: not rated there). */
  elo: number | null;
  eloUnder: number | null;
  /** eloUnder − elo, when both are rated. */
  delta: number | null;
}

export interface RuleChange {
  from: string;
  to: string;
  /** Field games replayed, and those that failed under R (left out). */
  games: number;
  failed: number;
  /** The first failure's reason, if any. */
  firstFailure?: string;
  rows: RuleChangeRow[];
}

export interface RulesBoardOptions extends Pick<RateOptions, 'resamples' | 'confidence' | 'without' | 'asOf'> {
  kit: Pick<ReplayKit, 'sandboxPool'>;
  workers?: number;
  batch?: number;
  progress?: (done: number, total: number) => void;
}

/** The board under `rules` with the host's field games replayed under them, and each entry's change. */
export async function boardUnderRules(store: Store, game: GameDescriptor, rules: string, o: RulesBoardOptions): Promise<{ board: Board; change: RuleChange }> {
  const host = hostOf(game);
  const settings = getSettings(store);
  const rate: RateOptions = { ...(o.resamples !== undefined ? { resamples: o.resamples } : {}), ...(o.confidence !== undefined ? { confidence: o.confidence } : {}), ...(o.without ? { without: o.without } : {}), ...(o.asOf ? { asOf: o.asOf } : {}) };
  const before = computeBoard(store, rate);
  const tmp = mkdtempSync(join(tmpdir(), 'koth-host-rules-'));
  let copy: Store | undefined;
  let pool: SandboxPool | undefined;
  try {
    store.db.exec(`VACUUM INTO '${join(tmp, 'host.db').replace(/'/g, "''")}'`);
    copy = openStore(tmp);
    const c = copy;
    // Games of R the host stored itself (it played R once) are replaced by the replay.
    c.run("DELETE FROM games WHERE kind = 'field' AND rules = ?", rules);
    const run = fieldRunSeed(settings.seed, settings.rules);
    const total = Number(c.row("SELECT count(*) AS n FROM games WHERE kind = 'field' AND rules = ?", settings.rules)!.n);
    const batch = Math.max(1, o.batch ?? 100);
    let number = nextGameNumber(c);
    let done = 0;
    let failed = 0;
    let firstFailure: string | undefined;
    const games = [...iterateGames(store, { rules: settings.rules })].filter((g) => g.kind === 'field');
    for (let i = 0; i < games.length; i += batch) {
      const chunk = games.slice(i, i + batch);
      const job = hostJobOf(c, run, rules, chunk);
      if (seatsAnswers(job)) pool ??= hostSandbox(o.kit, game.id, host, o.workers ?? 1);
      const outcomes = await host.playGames(job, { kit: o.kit, ...(pool ? { sandbox: pool } : {}), workers: o.workers ?? 1 });
      const replayed: Game[] = [];
      chunk.forEach((g, j) => {
        const out = outcomes[j]!;
        if ('result' in out) replayed.push({ number: number++, rules, seedKey: g.seedKey, seats: g.seats, result: out.result, kind: 'field', tick: g.tick });
        else {
          failed++;
          firstFailure ??= `game ${g.number}: seat ${out.failed.seat} failed: ${out.failed.reason}`;
        }
      });
      recordGames(c, replayed);
      done += chunk.length;
      o.progress?.(done, total);
    }
    const board = computeBoard(c, { ...rate, rules });
    const under = new Map(board.entries.map((e) => [e.name, e.elo]));
    const rows: RuleChangeRow[] = before.entries
      .filter((e) => e.status === 'active')
      .map((e) => {
        const u = under.get(e.name) ?? null;
        return { name: e.name, elo: e.elo, eloUnder: u, delta: e.elo !== null && u !== null ? Math.round((u - e.elo) * 10) / 10 : null };
      });
    return { board, change: { from: settings.rules, to: rules, games: games.length, failed, ...(firstFailure ? { firstFailure } : {}), rows } };
  } finally {
    await pool?.destroy();
    copy?.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

const signed = (x: number | null) => (x === null ? '–' : `${x >= 0 ? '+' : ''}${x.toFixed(1)}`);
const cell = (x: number | null) => (x === null ? 'not rated' : x.toFixed(1));

/** The change as a table: each active entry's Elo under both rules and the difference, largest gain first. */
export function renderRuleChange(c: RuleChange): string {
  const rows = [...c.rows].sort((a, b) => (b.delta ?? -Infinity) - (a.delta ?? -Infinity) || a.name.localeCompare(b.name));
  const head = `Under rules ${c.to} instead of ${c.from}: ${c.games} field games replayed from their seeds${c.failed ? `, ${c.failed} failed under ${c.to} and left out (first: ${c.firstFailure})` : ''}`;
  const table = renderTable(['entry', `Elo (${c.from})`, `Elo (${c.to})`, 'change'], rows.map((r) => [r.name, cell(r.elo), cell(r.eloUnder), signed(r.delta)]), { columns: ['name', 'fixed', 'fixed', 'fixed'] });
  return `${head}\n${table}`;
}
