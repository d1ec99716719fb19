/**
 * The one way tests read fixtures/: paths are relative to fixtures/, `.json.gz` files are
 * inflated, and listings are sorted (no readdir-order accidents).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** A fixture file's text (gzip inflated). */
export function fixtureText(path: string): string {
  const raw = readFileSync(join(FIXTURES, path));
  return (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
}

/** A JSON fixture (`.json` or `.json.gz`), parsed. */
export function fixture<T = any>(path: string): T {
  return JSON.parse(fixtureText(path)) as T;
}

/** The files of a fixture folder, sorted, optionally filtered by a pattern. */
export function fixtureFiles(dir: string, pattern?: RegExp): string[] {
  return readdirSync(join(FIXTURES, dir))
    .filter((f) => !pattern || pattern.test(f))
    .sort();
}
