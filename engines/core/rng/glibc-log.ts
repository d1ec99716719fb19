/**
 * glibc's `log` for positive integer arguments up to 20000. glibc's log is correctly
 * rounded in practice; V8's Math.log (an fdlibm port) is off by one ulp for some integers
 * (195 of 1..20000, e.g. 3, 48, 74). The table lists glibc's bits where they differ from
 * fdlibm's; engines/core/rng/glibc-log.test.ts checks every integer 1..20000 against
 * glibc vectors (fixtures/gun-duel/rng-vectors/libstdcpp.json), so a change in V8's log shows.
 */
import { GLIBC_LOG_FIXES } from './glibc-log-table.ts';

const buf = new DataView(new ArrayBuffer(8));
const fixes = new Map<number, number>();
for (const [n, hex] of GLIBC_LOG_FIXES) {
  buf.setBigUint64(0, BigInt('0x' + hex));
  fixes.set(n, buf.getFloat64(0));
}

/** log(x) as glibc computes it for the integers 1..20000; Math.log elsewhere. */
export function glibcLog(x: number): number {
  return fixes.get(x) ?? Math.log(x);
}
