/**
 * The queue's admin commands (`koth queue status`, `koth queue clean`; fishtest's run
 * management): the runs on a queue and their jobs by state, and removing a run's jobs with its
 * stored options and sources. Jobs that are not koth's are listed as such, never trusted.
 */
import { Queue, type Job } from 'bullmq';
import { connect } from './connection.ts';
import { contentKeyOf, jobDataProblem, optsKeyOf, QUEUE_NAME, QUEUE_PREFIX, type QueueJobData } from './protocol.ts';

export interface QueueRunSummary {
  run: string;
  game: string;
  label: string;
  version: string;
  waiting: number;
  active: number;
  completed: number;
  failed: number;
  delayed: number;
}

/** A job on the queue that is not a koth shard job (forged, damaged, half evicted): skipped by `koth queue status`, and why. */
export interface UnreadableJob {
  id: string;
  state: string;
  why: string;
}

/** `koth queue status`: the runs in the queue and their jobs by state; jobs that are not koth's are skipped and listed. */
export async function queueStatus(url: string): Promise<{ runs: QueueRunSummary[]; unreadable: UnreadableJob[] }> {
  const conn = await connect(url, false, false);
  const queue = new Queue<QueueJobData>(QUEUE_NAME, { connection: conn, prefix: QUEUE_PREFIX });
  try {
    const runs = new Map<string, QueueRunSummary>();
    const unreadable: UnreadableJob[] = [];
    for (const state of ['waiting', 'prioritized', 'active', 'completed', 'failed', 'delayed'] as const) {
      const jobs = (await queue.getJobs([state], 0, -1)) as (Job<QueueJobData> | undefined)[];
      for (const j of jobs) {
        if (!j) continue; // removed while listed
        const why = jobDataProblem(j.data);
        if (why) {
          unreadable.push({ id: String(j.id), state, why });
          continue;
        }
        const r = runs.get(j.data.run) ?? { run: j.data.run, game: j.data.game, label: j.data.label, version: j.data.version, waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 };
        r[state === 'prioritized' ? 'waiting' : state]++;
        runs.set(j.data.run, r);
      }
    }
    return { runs: [...runs.values()], unreadable };
  } finally {
    await queue.close().catch(() => {});
    conn.disconnect();
  }
}

/** `koth queue clean`: removes a run's jobs (all runs' when `run` is undefined); the number removed. */
export async function queueClean(url: string, run?: string): Promise<number> {
  const conn = await connect(url, false, false);
  const queue = new Queue<QueueJobData>(QUEUE_NAME, { connection: conn, prefix: QUEUE_PREFIX });
  try {
    const jobs = (await queue.getJobs(['waiting', 'prioritized', 'active', 'completed', 'failed', 'delayed'], 0, -1)) as Job<QueueJobData>[];
    const ours = jobs.filter((j) => j?.id && (!run || j.data?.run === run));
    const removed = await Promise.all(ours.map((j) => queue.remove(j.id!).catch(() => 0)));
    // The runs' stored options (large ones) go with their jobs.
    const runs = new Set(ours.map((j) => j.data?.run).filter((r): r is string => typeof r === 'string'));
    if (run) runs.add(run);
    await Promise.all([...runs].map((r) => conn.del(optsKeyOf(r), contentKeyOf(r)).catch(() => 0)));
    if (!run) {
      // --all: also what a coordinator stopped between removing its jobs and its stored options/sources left behind.
      for (const pattern of [optsKeyOf('*'), contentKeyOf('*')]) {
        let cursor = '0';
        do {
          const [next, keys] = await conn.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
          cursor = next;
          if (keys.length) await conn.del(...keys);
        } while (cursor !== '0');
      }
    }
    return removed.filter(Boolean).length;
  } finally {
    await queue.close().catch(() => {});
    conn.disconnect();
  }
}
