/**
 * The module `koth verify` hands its sandbox workers (engines/core/sandbox/pool.ts: a game's
 * engine and Pyodide in one thread): verifies a whole bot per job, port against original, with
 * the worker's own Python (bundled to dist/verify-worker.js beside dist/koth.js).
 */
import type { SandboxContext } from '../../engines/core/runner/trial-spec.ts';
import { runVerifyJob, type VerifyJob, type VerifyJobResult } from './verify-jobs.ts';

export function verifyJob(job: VerifyJob, ctx?: SandboxContext): VerifyJobResult {
  return runVerifyJob(job, ctx);
}
