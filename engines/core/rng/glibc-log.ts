/**
 * glibc's `log` for positive integer arguments up to 20000. glibc's log is correctly
 * rounded in practice; V8's Math.log (an fdlibm port) is off by one ulp for some integers
 * (195 of 1..20000, e.g. 3, 48, 74). The table lists glibc's bits where they differ from
 * fdlibm's; engines/core/rng/glibc-log.test.ts checks every integer 1..20000 against
 * glibc vectors (fixtures/gun-duel/rng-vectors/libstdcpp.json), so a change in V8's log shows.
 */
import { GLIBC_LOG_FIXES } from './glibc-log-table.ts';

const LIMIT = 20000;
let table: Float64Array | undefined;

function build(): Float64Array {
  const t = new Float64Array(LIMIT + 1);
  for (let n = 1; n <= LIMIT; n++) t[n] = Math.log(n);
  const buf = new DataView(new ArrayBuffer(8));
  for (const [n, hex] of GLIBC_LOG_FIXES) {
    buf.setBigUint64(0, BigInt('0x' + hex));
    t[n] = buf.getFloat64(0);
  }
  return t;
}

/** glibc's log(n) for n = 0..20000 as a table (index 0 unused): for hot loops. */
export function glibcLogTable(): Float64Array {
  return (table ??= build());
}

/** log(x) as glibc computes it for the integers 1..20000; Math.log elsewhere. */
export function glibcLog(x: number): number {
  if (x >= 1 && x <= LIMIT && Number.isInteger(x)) return (table ??= build())[x]!;
  return Math.log(x);
}
