/**
 * `--as-of`: the moment an as-of scrape looks back to, written once for the scraper
 * (scraper/scrape.ts asks the API for revisions up to it) and for the commands that read such a
 * scrape (`--python-bots cache --as-of DAY`), so a value that is not a date is refused before
 * anything runs, in the same words everywhere.
 */

/** A bare day, YYYY-MM-DD (read as the end of that day, UTC). */
export function isIsoDay(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(s);
}

/** Unix seconds of an `--as-of` value: a day (its end, UTC) or an ISO timestamp; anything else throws. */
export function asOfEpoch(asOf: string): number {
  const t = Date.parse(isIsoDay(asOf) ? `${asOf}T23:59:59Z` : asOf);
  if (!/^\d{4}-\d{2}-\d{2}/.test(asOf) || Number.isNaN(t)) {
    throw new Error(`--as-of "${asOf}" is not a date: use YYYY-MM-DD (the end of that day, UTC) or an ISO timestamp such as 2019-05-04T16:25:00-06:00`);
  }
  return Math.floor(t / 1000);
}
