// From sources (tests, tsx): registers tsx in this worker thread, then runs job-worker.ts (the
// bundle runs dist/sandbox-worker.js directly). Worker threads do not take `--import tsx`.
import { register as registerEsm } from 'tsx/esm/api';
import { register as registerCjs } from 'tsx/cjs/api';

registerEsm();
registerCjs();
await import('./job-worker.ts');
