/**
 * Python's `format(x, '.Nf')` for a double, exactly: the exact binary value rounded
 * half-to-even at N decimals (JavaScript's toFixed rounds exact ties up instead).
 */
export function formatFixedPython(x: number, digits: number): string {
  if (!Number.isFinite(x)) return String(x);
  const neg = x < 0 || Object.is(x, -0);
  const ax = Math.abs(x);
  // Exact value as m / 2^e with m an integer (a double has at most 1074 fractional bits).
  let e = 0;
  let m = ax;
  while (!Number.isInteger(m)) {
    m *= 2;
    e++;
  }
  const num = BigInt(m) * 10n ** BigInt(digits);
  const den = 2n ** BigInt(e);
  let q = num / den;
  const r = num % den;
  if (2n * r > den || (2n * r === den && q % 2n === 1n)) q += 1n;
  let s = q.toString().padStart(digits + 1, '0');
  if (digits > 0) s = `${s.slice(0, -digits)}.${s.slice(-digits)}`;
  return (neg ? '-' : '') + s;
}
