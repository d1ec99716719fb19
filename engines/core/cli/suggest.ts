/**
 * "Did you mean …?" for a mistyped name (a game, a command): the one suggestion every koth
 * command gives (`koth replay dcie`, `koth play dcie`, `koth verify dcie`).
 */
import { distance } from 'fastest-levenshtein';

/**
 * The candidates closest to `word` (Levenshtein distance at most 2, and less than 60 % of the
 * word changed: commander's own rule for mistyped commands), best first; empty when none is close.
 */
export function similar(word: string, candidates: readonly string[]): string[] {
  const w = word.toLowerCase();
  const scored = [...new Set(candidates)]
    .map((c) => ({ c, d: distance(w, c.toLowerCase()) }))
    .filter(({ c, d }) => d <= 2 && (Math.max(w.length, c.length) - d) / Math.max(w.length, c.length) > 0.4);
  const best = Math.min(...scored.map((s) => s.d));
  return scored.filter((s) => s.d === best).map((s) => s.c).sort();
}

/** ` (did you mean dice?)` / ` (did you mean a or b?)`, or '' when nothing is close: appended to an "unknown …" message. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const s = similar(word, candidates);
  return s.length ? ` (did you mean ${s.join(' or ')}?)` : '';
}
