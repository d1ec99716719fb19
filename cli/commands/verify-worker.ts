/**
 * Worker-thread entry of `koth verify --workers N`: verifies whole bots, one job at a time,
 * with this thread's own Python sandbox (sharedSandbox() is per thread). Started through
 * piscina; bundled to dist/verify-worker.js beside dist/koth.js.
 */
import { runVerifyJob, type VerifyJob, type VerifyJobResult } from './verify-jobs.ts';

export default function verifyInWorker(job: VerifyJob): VerifyJobResult {
  return runVerifyJob(job);
}
