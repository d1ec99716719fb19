/**
 * `koth worker --queue URL`: processes the shards that `koth replay … --queue URL` puts on a
 * Redis queue, on this machine's threads. `koth queue status|clean --queue URL`: what the queue
 * holds, and removing a run's jobs. The queue itself: engines/core/runner/queue/ (admin.ts for these).
 */
import { Option, type Command } from 'commander';
import { Piscina } from 'piscina';
import pc from 'picocolors';
import { EXIT, UserError } from '../../engines/core/cli/errors.ts';
import { maxWorkers, queueError, queueOption, sandboxEnvLimits, workerCount } from '../../engines/core/cli/kit.ts';
import { defaultWorkers, workerFile } from '../../engines/core/runner/runner.ts';
import { kothVersion, type ShardSandbox } from '../../engines/core/runner/queue/protocol.ts';
import { redact } from '../../engines/core/runner/queue/connection.ts';
import { SandboxPool } from '../../engines/core/sandbox/pool.ts';
import { printable, renderTable } from '../../engines/core/report/table.ts';
import type { ShardTask } from '../../engines/core/runner/worker.ts';
import { servesTrials, trialsModuleOf } from '../../engines/registry.ts';

const needQueue = (url: string | undefined): string => {
  if (!url) throw new UserError('give the queue: --queue redis://[:password@]host:port');
  return url;
};

async function network<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw queueError(e) ?? e;
  }
}

export function registerQueue(program: Command): void {
  program
    .command('worker')
    .description('Process the shards of queued runs ("koth replay <game> --queue URL") on this machine, until Ctrl-C or SIGTERM')
    .addOption(queueOption())
    .option('--threads <n>', `worker threads, at most ${maxWorkers()} here`, workerCount, defaultWorkers())
    .addHelpText('after', '\nOn SIGINT/SIGTERM the shards being run finish and are handed in, then it exits 0 (a second signal exits at once: the shard is redone elsewhere).\nA worker refuses jobs made by another koth version (package version + build).\nShards of runs with untrusted code (original Python bots, compiled C++ answers) run in sandbox workers it starts when the first such shard arrives.\n')
    .action(async (o: { queue?: string; threads: number }) => {
      const url = needQueue(o.queue);
      const controller = new AbortController();
      let signals = 0;
      const onSignal = () => {
        if (++signals > 1) process.exit(EXIT.interrupted);
        controller.abort();
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      const { filename, execArgv } = workerFile();
      const pool = new Piscina({ filename, execArgv, minThreads: o.threads, maxThreads: o.threads, idleTimeout: 60_000 });
      // Sandbox workers for shards whose job declares one (compiled C++ answers; original Python bots, whose sources the
      // queue hands over by sha256, runner/content.ts): started when the first such
      // job arrives, one pool per runtime, trials module and time limit, reused; capped as in a local run.
      const sandboxes = new Map<string, SandboxPool>();
      const sandboxFor = (module: string, s: ShardSandbox): SandboxPool => {
        const key = JSON.stringify([s.runtime, module, s.timeoutMs]);
        let p = sandboxes.get(key);
        if (!p) {
          const env = sandboxEnvLimits();
          p = new SandboxPool({ workers: o.threads, modules: [module], runtime: s.runtime, ...env, timeoutMs: env.timeoutMs ?? s.timeoutMs });
          sandboxes.set(key, p);
          process.stderr.write(`koth worker: starting ${o.threads} ${s.runtime === 'wasm' ? 'C++' : 'Python'} sandbox worker(s) for the shards that declare them (call time limit ${p.timeoutMs} ms)\n`);
        }
        return p;
      };
      const destroyAll = () => Promise.all([pool.destroy(), ...[...sandboxes.values()].map((p) => p.destroy())]);
      try {
        // bullmq is loaded by the commands that use it, not at every start of the CLI.
        const { runQueueWorker } = await import('../../engines/core/runner/queue/worker.ts');
        const res = await network(() =>
          runQueueWorker({
            url,
            version: kothVersion(),
            threads: o.threads,
            trialsModuleOf: (g) => {
              // A game's trials, its rule A/B pairs, and its A/B pairs (koth ab) where it has them (the registry's servesTrials).
              if (!servesTrials(g)) throw new Error(`this koth knows no game "${g}"`);
              return trialsModuleOf(g);
            },
            runShard: (task: ShardTask, sandbox?: ShardSandbox) =>
              sandbox ? sandboxFor(task.module, sandbox).run({ kind: 'shard', module: task.module, opts: task.opts, seed: task.seed, index: task.index, count: task.count }) : pool.run(task),
            log: (line) => process.stderr.write(`koth worker: ${line}\n`),
            signal: controller.signal,
            now: () => Date.now(),
          }),
        );
        if (res.gaveUp) {
          process.stderr.write(
            pc.red(
              `koth worker: stopped after ${res.shards} shard(s) handed in; Redis at ${redact(url)} did not answer, ` +
                (res.lost ? `so ${res.lost} finished shard(s) could not be handed in (another worker redoes them)\n` : 'but no finished shard was waiting to be handed in\n'),
            ),
          );
          // BullMQ's connections keep reconnecting to the Redis that is gone: nothing more can be done here.
          await destroyAll();
          process.exit(EXIT.network);
        }
        process.stderr.write(`koth worker: stopped after ${res.shards} shard(s)\n`);
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        await destroyAll();
      }
    });

  const queue = program.command('queue').description('What the Redis queue of "koth replay … --queue URL" holds, and removing runs from it');
  queue
    .command('status')
    .description('Runs on the queue: their shard jobs waiting, running, done, failed')
    .addOption(queueOption())
    .option('--json', 'machine-readable output')
    .action(async (o: { queue?: string; json?: boolean }) => {
      const url = needQueue(o.queue);
      const { queueStatus } = await import('../../engines/core/runner/queue/admin.ts');
      const { runs, unreadable } = await network(() => queueStatus(url));
      // Jobs that are not koth's (forged, damaged, half evicted) are skipped and flagged, on stderr: --json stays the list of runs.
      if (unreadable.length) {
        const shown = unreadable.slice(0, 5).map((u) => `${printable(u.id)} (${u.state}: ${u.why})`);
        process.stderr.write(
          pc.yellow(
            `koth: skipped ${unreadable.length} job(s) on the queue that are not koth shard jobs (forged, damaged or partly evicted): ${shown.join('; ')}${unreadable.length > 5 ? '; …' : ''}. ` +
              '"koth queue clean --all" removes every job of the queue, theirs too\n',
          ),
        );
      }
      if (o.json) {
        process.stdout.write(JSON.stringify(runs, null, 2) + '\n');
        return;
      }
      if (!runs.length) {
        process.stdout.write(`the queue at ${redact(url)} ${unreadable.length ? 'holds no koth run' : 'is empty'}\n`);
        return;
      }
      const head = ['run', 'what', 'koth', 'queued', 'running', 'done', 'failed', 'delayed'];
      const rows = runs.map((r) => [printable(r.run), printable(r.label), printable(r.version), r.waiting, r.active, r.completed, r.failed ? pc.red(String(r.failed)) : 0, r.delayed]);
      process.stdout.write(renderTable(head, rows) + '\n');
      if (runs.some((r) => r.failed)) process.stdout.write('a failed shard: rerun its command to retry it, or "koth queue clean --run ID" to drop the run\n');
    });
  queue
    .command('clean')
    .description("Remove a run's jobs from the queue (every run's with --all)")
    .addOption(queueOption())
    .addOption(new Option('--run <id>', 'the run (its id as "koth queue status" shows it)'))
    .option('--all', 'every run on the queue')
    .action(async (o: { queue?: string; run?: string; all?: boolean }) => {
      const url = needQueue(o.queue);
      if (!o.run === !o.all) throw new UserError('say which run: --run ID (from "koth queue status"), or --all');
      const { queueClean } = await import('../../engines/core/runner/queue/admin.ts');
      const n = await network(() => queueClean(url, o.run));
      process.stdout.write(`removed ${n} job(s)\n`);
    });
}
