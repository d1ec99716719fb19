/**
 * `koth host tick`, `koth host run` and `koth host verify` (issue 40, docs/host.md): the commands
 * that run a host (host/tick.ts) and check one (host/verify.ts). Registered by host.ts.
 *
 * Exit codes (docs/cli.md): 0 a tick finished / verify found everything as published; 1 verify
 * found a difference (named); 2 bad input or a DIR that is not a host; 4/5 the API failed or its
 * quota is spent (ingest wrote nothing; the next tick resumes); 6 the host is busy with another
 * tick (`--wait` to wait for it); 130 a tick stopped by Ctrl-C or a full disk after a batch (the
 * next tick finishes it: nothing played is lost).
 */
import { join } from 'node:path';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import pc from 'picocolors';
import { EXIT, UserError } from '../../engines/core/cli/errors.ts';
import { helpFooter, positiveInt, queueError, queueOption, workerCount } from '../../engines/core/cli/kit.ts';
import { DEFAULT_AUDIT } from '../../engines/core/host/audit.ts';
import { printable } from '../../engines/core/report/printable.ts';
import { getSettings, HostStateError, type Store } from '../../engines/core/host/store.ts';
import { findGame, games, replayKit } from '../../engines/registry.ts';
import { openHost } from './host-open.ts';
import { ApiError, apiOptionsFromEnv, StackExchangeClient } from '../../scraper/api.ts';
import { runTick, type TickReport } from '../../host/tick.ts';
import { verifyHost } from '../../host/verify.ts';

interface TickCliOptions {
  queue?: string;
  audit: number;
  games?: number;
  testPairs?: number;
  workers: number;
  wait?: number;
  resamples: number;
  json?: boolean;
}

interface RunCliOptions extends TickCliOptions {
  every: number;
  ticks?: number;
}

interface VerifyCliOptions {
  sample: number | 'all';
  sampleSeed?: string;
  workers: number;
  json?: boolean;
}

/** `10m`, `30s`, `1h`, `500ms` → milliseconds. */
export function duration(v: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(v.trim());
  if (!m) throw new InvalidArgumentError('give a duration such as 30s, 10m or 1h.');
  const ms = Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
  if (!(ms >= 1 && ms <= 2 ** 31 - 1)) throw new InvalidArgumentError('give a duration from 1ms to 24 days.');
  return ms;
}

const sampleCount = (v: string): number | 'all' => (v === 'all' ? 'all' : positiveInt(v));

/** `--queue URL` (the core's option and URL checks) as a host's tick reads it. */
function hostQueueOption() {
  const q = queueOption();
  q.description = 'redis://[:password@]host:port[/db]: play the tests\' and field games on "koth worker" processes through this Redis queue, audited (--audit)';
  return q;
}

/** `--audit`: a share of each worker's games, from 0 to 1. */
export function auditShare(v: string): number {
  const n = Number(v);
  if (v.trim() === '' || !(n >= 0 && n <= 1)) throw new InvalidArgumentError('give a share from 0 to 1, e.g. 0.02 (2 % of each worker\'s games; at least one a worker is always replayed).');
  return n;
}

/**
 * A write the disk refused while a step wrote: full (SQLite's SQLITE_FULL, ENOSPC writing the
 * site), over a quota or a file size limit (EDQUOT, EFBIG; SQLite reports those as an I/O error).
 */
function diskRefused(e: unknown): boolean {
  const code = (e as { code?: string } | undefined)?.code ?? '';
  return /^SQLITE_(FULL|IOERR)/.test(code) || ['ENOSPC', 'EDQUOT', 'EFBIG'].includes(code);
}

/** One tick as the CLI runs it: the kit, the API client, progress on stderr, errors as the exit table says. */
async function cliTick(dir: string, store: Store, o: TickCliOptions, stop: () => boolean, quiet = false): Promise<TickReport> {
  const settings = getSettings(store);
  const game = findGame(settings.game)!;
  if (!game.engine?.host) throw new UserError(`${game.id} cannot be hosted yet: this koth hosts ${hostable().join(', ')}`);
  const kit = replayKit();
  const say = (line: string) => {
    if (!quiet) process.stderr.write(`${pc.dim('koth:')} ${printable(line)}\n`);
  };
  let bar: cliProgress.SingleBar | undefined;
  const client = settings.source.startsWith('se:')
    ? new StackExchangeClient({ ...apiOptionsFromEnv(settings.apiBase), onWait: (reason, ms) => ms >= 500 && say(`waiting ${(ms / 1000).toFixed(1)} s: ${reason}`), onNotice: (m) => say(m) })
    : undefined;
  try {
    return await runTick(store, {
      kit,
      ...(o.games !== undefined ? { games: o.games } : {}),
      ...(o.testPairs !== undefined ? { testPairs: o.testPairs } : {}),
      workers: o.workers,
      ...(o.queue ? { queue: o.queue, audit: o.audit } : {}),
      waitMs: (o.wait ?? 0) * 1000,
      resamples: o.resamples,
      ...(client ? { client, cacheRoot: join(dir, 'scrape-cache') } : {}),
      log: say,
      progress: (step, done, total) => {
        if (!process.stderr.isTTY || quiet) return;
        if (!bar) {
          bar = new cliProgress.SingleBar({ stream: process.stderr, format: `  ${step.padEnd(5)} {bar} {value}/{total} games`, hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic);
          bar.start(total, 0);
        }
        bar.setTotal(total);
        bar.update(done);
        if (done >= total) {
          bar.stop();
          bar = undefined;
        }
      },
      stop,
    });
  } catch (e) {
    if (e instanceof HostStateError && e.reason === 'busy') throw new UserError(`${e.message}. Wait for it, or give --wait SECONDS.`, EXIT.cache);
    if (e instanceof HostStateError) throw new UserError(e.message, EXIT.usage);
    if (e instanceof ApiError) {
      const code = e.kind === 'quota' ? EXIT.quota : EXIT.network;
      throw new UserError(`the StackExchange API failed during ingest: ${e.message}. Nothing of the answers was written; the tick is left unfinished and the next \`koth host tick ${dir}\` resumes it.`, code);
    }
    const q = queueError(e);
    if (q) throw q;
    if (diskRefused(e)) throw new UserError(`the disk refused a write (${(e as Error).message}; full, or over a quota or size limit): the database is as it was after its last complete step and the last good site is in place. Free space, then rerun \`koth host tick ${dir}\` to finish the tick.`, EXIT.interrupted);
    throw e;
  } finally {
    bar?.stop();
  }
}

const hostable = () => games.filter((g) => g.engine?.host).map((g) => g.id);

function tickLine(r: TickReport): string {
  const tests = r.tests.filter((t) => t.verdict === 'running').length;
  return `tick ${r.tick}${r.resumed ? ' (resumed)' : ''}: ${r.ingest.new} new, ${r.ingest.edited} edited, ${r.ingest.retired} retired; ${r.validate.active.length} validated, ${r.validate.rejected.length + r.rejectedInPlay.length} rejected; ${r.played.test} test and ${r.played.field} field games; ${tests} test${tests === 1 ? '' : 's'} running`;
}

function tickJson(r: TickReport): unknown {
  const { board, ...rest } = r;
  return { ...rest, ...(board ? { entries: board.entries.length } : {}) };
}

/** SIGINT/SIGTERM: the first stops after the batch under way, the second at once (the database is consistent at every commit). */
function stopOnSignals(onFirst: (signal: string) => void): { stopped: () => boolean; off: () => void } {
  let count = 0;
  const handler = (signal: NodeJS.Signals) => {
    count++;
    if (count === 1) onFirst(signal);
    else process.exit(EXIT.interrupted);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    stopped: () => count > 0,
    off: () => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}

export function registerHostTick(host: Command): void {
  const tickOptions = (cmd: Command) =>
    cmd
      .option('--games <n>', "field games to play at most (default: the game's, 1,000 for dice)", positiveInt)
      .option('--test-pairs <n>', 'pairs each running SPRT test plays per tick (default 200)', positiveInt)
      .option('--workers <n>', 'sandbox workers for posted answers', workerCount, 1)
      .addOption(hostQueueOption())
      .option('--audit <share>', `with --queue: the share of each worker's games the host replays and compares (at least one a worker a batch; a mismatch quarantines the worker)`, auditShare, DEFAULT_AUDIT)
      .option('--wait <seconds>', 'wait this long for another tick of DIR to end (without it: refuse at once, exit 6)', positiveInt)
      .option('--resamples <n>', 'bootstrap resamples of the published board', positiveInt, 1000)
      .option('--json', 'print what the tick did as JSON on stdout');

  tickOptions(
    host
      .command('tick')
      .description('One round of the host in DIR: ingest → validate → test → schedule and play → rate → publish DIR/site')
      .argument('<dir>', 'the host folder'),
  )
    .addHelpText(
      'after',
      `\nA tick killed at any point (SIGKILL included) is finished by the next tick: nothing is played twice, nothing is lost.\nCtrl-C stops after the batch under way (exit 130; the next tick finishes it); a second Ctrl-C at once.\n` +
        helpFooter(['koth host tick ./hill', 'koth host tick ./hill --games 5000 --workers 2', 'koth host tick ./hill --queue redis://hub:6379 --audit 0.05']),
    )
    .action(async (dir: string, o: TickCliOptions) => {
      const store = openHost(dir);
      const signals = stopOnSignals(() => process.stderr.write(pc.yellow('koth: Ctrl-C: the tick stops after the batch under way (Ctrl-C again stops at once)\n')));
      try {
        const r = await cliTick(dir, store, o, signals.stopped);
        if (o.json) process.stdout.write(JSON.stringify(tickJson(r)) + '\n');
        else process.stdout.write(tickLine(r) + (r.interrupted ? '' : `; site: ${join(dir, 'site', 'index.html')}`) + '\n');
        if (r.interrupted) throw new UserError(`interrupted: tick ${r.tick} stopped after a batch; every game played is stored. Rerun \`koth host tick ${dir}\` to finish it.`, EXIT.interrupted);
      } finally {
        signals.off();
        store.close();
      }
    });

  tickOptions(
    host
      .command('run')
      .description('Tick the host in DIR every so often until SIGINT or SIGTERM (the batch under way finishes; exit 0)')
      .argument('<dir>', 'the host folder')
      .requiredOption('--every <duration>', 'time from one tick’s start to the next: 30s, 10m, 1h', duration)
      .option('--ticks <n>', 'stop after this many ticks', positiveInt),
  )
    .addHelpText('after', helpFooter(['koth host run ./hill --every 10m', 'koth host run ./hill --every 1h --games 5000 --workers 2']))
    .action(async (dir: string, o: RunCliOptions) => {
      const store = openHost(dir);
      let wake: (() => void) | undefined;
      const signals = stopOnSignals((s) => {
        process.stderr.write(pc.yellow(`koth: ${s}: stopping after the batch under way (again: at once)\n`));
        wake?.();
      });
      try {
        for (let n = 0; !signals.stopped() && (o.ticks === undefined || n < o.ticks); n++) {
          const started = Date.now();
          const r = await cliTick(dir, store, o, signals.stopped, true);
          process.stdout.write(o.json ? JSON.stringify(tickJson(r)) + '\n' : `${new Date().toISOString()} ${tickLine(r)}${r.interrupted ? ' — stopped; the next tick finishes it' : ''}\n`);
          if (signals.stopped() || (o.ticks !== undefined && n + 1 >= o.ticks)) break;
          const rest = Math.max(0, started + o.every - Date.now());
          await new Promise<void>((resolve) => {
            const t = setTimeout(resolve, rest);
            wake = () => {
              clearTimeout(t);
              resolve();
            };
          });
          wake = undefined;
        }
      } finally {
        signals.off();
        store.close();
      }
    });

  host
    .command('verify')
    .description("Replay the host's stored games from their seeds, recompute its board and compare both with the published site")
    .argument('<dir>', 'the host folder')
    .option('--sample <n|all>', 'replay this many stored games, drawn at random, or all', sampleCount, 'all' as const)
    .option('--sample-seed <s>', 'the seed the sample is drawn with (printed; default: a fresh one)')
    .option('--workers <n>', 'sandbox workers for posted answers', workerCount, 1)
    .option('--json', 'print the report as JSON')
    .addHelpText('after', `\nExit 0 when every replayed result and the published leaderboard.json and manifest.json hold; 1 naming the first difference.\n` + helpFooter(['koth host verify ./hill', 'koth host verify ./hill --sample 1000']))
    .action(async (dir: string, o: VerifyCliOptions) => {
      const store = openHost(dir);
      try {
        const game = findGame(getSettings(store).game)!;
        if (!game.engine?.host) throw new UserError(`${game.id} cannot be hosted yet: this koth hosts ${hostable().join(', ')}`);
        const r = await verifyHost(store, game, { kit: replayKit(), sample: o.sample, ...(o.sampleSeed !== undefined ? { sampleSeed: o.sampleSeed } : {}), workers: o.workers });
        if (o.json) process.stdout.write(JSON.stringify(r) + '\n');
        else {
          const what = `${r.replayed} of ${r.stored} stored games replayed${r.sampleSeed !== undefined ? ` (sample seed ${r.sampleSeed})` : ''}`;
          const site = r.checked.leaderboard ? `; leaderboard.json${r.checked.manifest ? ' and manifest.json' : ''} recomputed` : '; no site published yet';
          process.stdout.write(r.ok ? `${pc.green('verified')}: ${what}${site}\n` : `${pc.red('DIFFERENT')}: ${printable(r.difference!)}\n  (${what})\n`);
        }
        if (!r.ok) process.exitCode = EXIT.disagree;
      } finally {
        store.close();
      }
    });
}
