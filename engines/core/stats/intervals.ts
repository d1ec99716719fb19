/**
 * Confidence intervals used to compare a reproduced table against a published one.
 * Everything here is closed-form; no randomness, no iteration.
 */

/** Standard normal quantile (Wichura's AS 241, PPND16): |error| < 1e-15. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile: p must be in (0, 1), got ${p}`);
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (
      (q *
        (((((((r * 2509.0809287301226727 + 33430.575583588128105) * r + 67265.770927008700853) * r +
          45921.953931549871457) * r + 13731.693765509461125) * r + 1971.5909503065514427) * r +
          133.14166789178437745) * r + 3.387132872796366608)) /
      (((((((r * 5226.495278852545925 + 28729.085735721942674) * r + 39307.89580009271061) * r +
        21213.794301586595867) * r + 5394.1960214247511077) * r + 687.1870074920579083) * r +
        42.313330701600911252) * r + 1)
    );
  }
  let r = q < 0 ? p : 1 - p;
  r = Math.sqrt(-Math.log(r));
  let x: number;
  if (r <= 5) {
    r -= 1.6;
    x =
      (((((((r * 7.7454501427834140764e-4 + 0.0227238449892691845833) * r + 0.24178072517745061177) * r +
        1.27045825245236838258) * r + 3.64784832476320460504) * r + 5.7694972214606914055) * r +
        4.6303378461565452959) * r + 1.42343711074968357734) /
      (((((((r * 1.05075007164441684324e-9 + 5.475938084995344946e-4) * r + 0.0151986665636164571966) * r +
        0.14810397642748007459) * r + 0.68976733498510000455) * r + 1.6763848301838038494) * r +
        2.05319162663775882187) * r + 1);
  } else {
    r -= 5;
    x =
      (((((((r * 2.01033439929228813265e-7 + 2.71155556874348757815e-5) * r + 0.0012426609473880784386) * r +
        0.026532189526576123093) * r + 0.29656057182850489123) * r + 1.7848265399172913358) * r +
        5.4637849111641143699) * r + 6.6579046435011037772) /
      (((((((r * 2.04426310338993978564e-15 + 1.4215117583164458887e-7) * r + 1.8463183175100546818e-5) * r +
        7.868691311456132591e-4) * r + 0.0148753612908506148525) * r + 0.13692988092273580531) * r +
        0.59983220655588793769) * r + 1);
  }
  return q < 0 ? -x : x;
}

/** Two-sided z for a confidence level, e.g. 0.999 → 3.2905. */
export function zFor(confidence: number): number {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  return normalQuantile(1 - (1 - confidence) / 2);
}

/**
 * The decimal places a number is written with in its shortest form (String): 0.95 → 2,
 * 0.999999999999 → 12, 1e-7 → 7, 44 → 0. What "the digits it has" means for a level the user gave.
 */
export function decimalPlaces(x: number): number {
  const [mantissa, exponent] = String(Math.abs(x)).split('e');
  return Math.max(0, (mantissa!.split('.')[1] ?? '').length - Number(exponent ?? 0));
}

/** x rounded to `decimals` places (toFixed's rounding; as is beyond toFixed's 100). */
const toPlaces = (x: number, decimals: number) => (decimals <= 100 ? Number(x.toFixed(decimals)) : x);

/**
 * 1 − c with the decimals c is written with: 0.95 → 0.05 (not 0.050000000000000044),
 * 0.999999999999 → 1e-12 (not 1.000088900582341e-12). What the user meant by the level.
 */
export function complementOf(c: number): number {
  return toPlaces(1 - c, decimalPlaces(c));
}

/** The two-sided tail (1 − c) / 2 in percent, with c's digits: 0.95 → 2.5 (not 2.500000000000002), 0.999 → 0.05. */
export function tailPercent(c: number): number {
  return toPlaces(complementOf(c) * 50, Math.max(0, decimalPlaces(c) - 1));
}

/**
 * A confidence level as a percentage with every digit it has: 0.999 → "99.9%", 0.95 → "95%",
 * 0.999999999999 → "99.9999999999%" (never "100%").
 */
export function confidencePercent(confidence: number): string {
  return `${toPlaces(confidence * 100, Math.max(0, decimalPlaces(confidence) - 2))}%`;
}

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval for k successes in n trials (as proportions in [0, 1]). */
export function wilson(k: number, n: number, z: number): Interval {
  if (n <= 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Normal interval for a mean from its sample standard deviation; for a quantity that cannot be
 * negative (a mean of counts or scores) the low end is clamped at 0.
 */
export function meanInterval(mean: number, sd: number, n: number, z: number, nonNegative = false): Interval {
  const half = n > 0 ? (z * sd) / Math.sqrt(n) : Infinity;
  return { low: nonNegative ? Math.max(0, mean - half) : mean - half, high: mean + half };
}

/** Number of decimals a published figure was printed with (21.6 → 1, 44 → 0, 3.90 as JSON 3.9 → 1). */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const s = String(value);
  if (/e/i.test(s)) return 0;
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * Column-wise rounding: a table column is printed with one format, so its precision is the
 * largest number of decimals any of its figures shows (JSON drops trailing zeros: a column
 * of 3.9, 4.02, 4.5 was printed with two decimals).
 */
export function columnDecimals(values: readonly number[]): number {
  return values.reduce((d, v) => Math.max(d, decimalsOf(v)), 0);
}

/** The half-width of the rounding interval of a figure printed with `decimals` decimals. */
export function roundingHalfWidth(decimals: number): number {
  return 0.5 * 10 ** -decimals;
}

/**
 * The difference of two proportions kb/nb − ka/na in percentage points, with its normal
 * interval (z) and whether it lies outside the interval of chance.
 */
export function proportionDifference(ka: number, na: number, kb: number, nb: number, z: number): { d: number; low: number; high: number; significant: boolean } {
  const pa = ka / na;
  const pb = kb / nb;
  const se = Math.sqrt((pa * (1 - pa)) / na + (pb * (1 - pb)) / nb);
  const d = 100 * (pb - pa);
  return { d, low: d - 100 * z * se, high: d + 100 * z * se, significant: Math.abs(pb - pa) > z * se };
}
