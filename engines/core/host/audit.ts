/**
 * The audit of games played by queue workers (`koth host tick --queue URL --audit SHARE`,
 * docs/host.md "Many machines, and trust"): which of a batch's games the host replays itself, and
 * whether a replay agrees. Of each worker's games in a batch, those whose number hashes below the
 * share are audited, and at least one (the lowest hash): a function of the game numbers and of who
 * played them, never of a clock or Math.random, so a rerun audits the same games. A worker sees
 * seed keys and seats, not game numbers: it cannot tell which of its games will be audited.
 */
import { createHash } from 'node:crypto';
import type { HostOutcome } from './play.ts';

/** The share of each worker's games audited by default (2 %). */
export const DEFAULT_AUDIT = 0.02;

/** A game number's audit draw, uniform in [0, 1): the first 48 bits of sha256("koth-audit/<number>"). */
export function auditDraw(number: number): number {
  const h = createHash('sha256').update(`koth-audit/${number}`, 'utf8').digest();
  return h.readUIntBE(0, 6) / 2 ** 48;
}

/**
 * The games to audit, in number order: per worker (`byWorker`: its game numbers), those whose draw
 * is below `share`, and at least its game of the lowest draw. `share` 1 audits every game, 0 one a
 * worker.
 */
export function pickAudited(byWorker: ReadonlyMap<string, readonly number[]>, share: number): number[] {
  if (!(share >= 0 && share <= 1)) throw new RangeError(`the audit share is ${share}: give one from 0 to 1`);
  const out = new Set<number>();
  for (const numbers of byWorker.values()) {
    let low: number | undefined;
    let lowDraw = Infinity;
    let any = false;
    for (const n of numbers) {
      const d = auditDraw(n);
      if (d < share) (out.add(n), (any = true));
      if (d < lowDraw) (lowDraw = d), (low = n);
    }
    if (!any && low !== undefined) out.add(low);
  }
  return [...out].sort((a, b) => a - b);
}

/** An outcome as one text: what an audit compares and what its events show (a result, or `failed seat k (kind): reason`). */
export function outcomeText(o: HostOutcome): string {
  return 'result' in o ? o.result : `failed seat ${o.failed.seat} (${o.failed.kind}): ${o.failed.reason}`;
}

/** Whether a worker's outcome is the host's replay of the same game. */
export const sameOutcome = (a: HostOutcome, b: HostOutcome): boolean => outcomeText(a) === outcomeText(b);
