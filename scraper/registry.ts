/**
 * The registry link: every bot the project knows of against what the cache holds.
 *   ported    — a port exists and, if the cache has the bot, was written from the same code
 *               (the port's provenance.sha256 equals the cached block's sha256);
 *   stale     — a port exists but the cached answer's code block has another sha256;
 *   source-missing — a port whose answer is not in a finished scrape of its challenge;
 *   missing   — known but not ported, or found in the cache and unknown to the project;
 *   not-a-bot — a cached answer in which no bot was found.
 * Without a cache the known bots are listed as ported or missing.
 */
import type { KnownBot } from '../engines/core/provenance.ts';
import { AnswerCache, type CachedAnswer } from './cache.ts';

export type RegistryStatus = 'ported' | 'missing' | 'stale' | 'source-missing' | 'not-a-bot';

export const STATUSES: readonly RegistryStatus[] = ['ported', 'stale', 'source-missing', 'missing', 'not-a-bot'];

export interface RegistryRow {
  challenge: string;
  bot: string;
  status: RegistryStatus;
  answerId: number | null;
  author: string | null;
  note?: string;
}

export interface RegistryReport {
  rows: RegistryRow[];
  /** Challenges whose cache holds no answer (rows come from knownBots() alone). */
  uncached: string[];
  /** Cache folders read, per challenge. */
  cacheDirs: Record<string, string>;
  /** Cache files that could not be used (ignored), or were used though damaged: one sentence each. */
  unreadable: string[];
}

interface Found {
  answerId: number;
  author: string | null;
  sha256: string;
  /** Not in the challenge's language: which, and the interface it follows (gun-duel). */
  language?: string;
  interface?: string;
}

export function registryReport(
  challenges: readonly string[],
  cacheRoot: string,
  known: (c: string) => KnownBot[],
  asOf: string | null = null,
): RegistryReport {
  const report: RegistryReport = { rows: [], uncached: [], cacheDirs: {}, unreadable: [] };
  for (const challenge of challenges) {
    const cache = new AnswerCache(cacheRoot, challenge, asOf);
    const cached: CachedAnswer[] = cache.all();
    report.cacheDirs[challenge] = cache.dir;
    report.unreadable.push(
      ...cache.unreadable.map((u) => `cache file ${u.file} ignored: ${u.reason}`),
      ...cache.suspect.map((u) => `cache file ${u.file} used, but damaged: ${u.reason}`),
    );
    if (!cached.length) report.uncached.push(challenge);
    // Every occurrence of each bot name in the cache (a name may be posted twice).
    const byName = new Map<string, Found[]>();
    for (const a of cached) {
      for (const b of a.bots) {
        const list = byName.get(b.name) ?? [];
        if (!list.some((f) => f.answerId === a.answer_id && f.sha256 === b.sha256)) list.push({ answerId: a.answer_id, author: a.author, sha256: b.sha256, ...(b.language ? { language: b.language } : {}), ...(b.interface ? { interface: b.interface } : {}) });
        byName.set(b.name, list);
      }
    }
    const knownHere = known(challenge);
    const names = new Set<string>();
    for (const k of knownHere) {
      names.add(k.bot);
      const all = byName.get(k.bot) ?? [];
      // The answer the port names, if it does; else the first answer holding the name.
      const c = all.find((f) => f.answerId === k.provenance.answerId) ?? all[0];
      let status: RegistryStatus = k.ported ? 'ported' : 'missing';
      let note: string | undefined;
      if (k.ported && c && k.provenance.sha256) {
        if (c.sha256 !== k.provenance.sha256) {
          status = 'stale';
          note = `ported from ${k.provenance.sha256.slice(0, 12)}…, the cached answer has ${c.sha256.slice(0, 12)}…`;
        }
      } else if (k.ported && c && !k.provenance.sha256) {
        note = 'the port records no sha256: cannot compare';
      } else if (k.ported && !c && cached.length && (k.provenance.answerId || k.provenance.sha256)) {
        if (cache.readProgress().complete) {
          status = 'source-missing';
          note = 'its answer is not in the finished scrape (deleted, or renamed)';
        } else note = 'not in the cached answers (the scrape is not finished)';
      }
      report.rows.push({
        challenge,
        bot: k.bot,
        status,
        answerId: c?.answerId ?? k.provenance.answerId ?? null,
        author: c?.author ?? k.provenance.author ?? null,
        ...(note ? { note } : {}),
      });
    }
    for (const [name, list] of byName) {
      if (names.has(name)) continue;
      const c = list[0]!;
      const other = c.language ? `; a ${c.language} program${c.interface ? ` for the ${c.interface} interface: play it with --bot-cmd "${name}=<program>" --interface ${c.interface}` : ' (its interface does not show)'}` : '';
      report.rows.push({ challenge, bot: name, status: 'missing', answerId: c.answerId, author: c.author, note: `found in the cache, no port${other}` });
    }
    for (const a of cached) {
      if (a.bots.length === 0) report.rows.push({ challenge, bot: `(answer ${a.answer_id})`, status: 'not-a-bot', answerId: a.answer_id, author: a.author, note: a.reason ?? 'no bot found' });
    }
  }
  return report;
}

export function registryRows(challenges: readonly string[], cacheRoot: string, known: (c: string) => KnownBot[], asOf: string | null = null): RegistryRow[] {
  return registryReport(challenges, cacheRoot, known, asOf).rows;
}
