/**
 * The registry link: every bot the project knows of against what the cache holds.
 * ported — a port exists and (if the cache has its answer) was written from the same code;
 * stale — a port exists but the cached answer's code block has another sha256;
 * missing — known (or found in the cache) but not ported;
 * not-a-bot — a cached answer in which no bot was found.
 */
import { knownBots as allKnownBots } from '../transpiled-bots/registry.ts';
import type { KnownBot } from '../transpiled-bots/provenance.ts';
import { AnswerCache } from './cache.ts';

export type RegistryStatus = 'ported' | 'missing' | 'stale' | 'not-a-bot';

export interface RegistryRow {
  challenge: string;
  bot: string;
  status: RegistryStatus;
  answerId: number | null;
  author: string | null;
  note?: string;
}

export function registryRows(challenges: readonly string[], cacheRoot: string, known: (c: string) => KnownBot[] = allKnownBots): RegistryRow[] {
  const rows: RegistryRow[] = [];
  for (const challenge of challenges) {
    const cached = new AnswerCache(cacheRoot, challenge).all();
    const byName = new Map<string, { answerId: number; author: string | null; sha256: string }>();
    for (const a of cached) for (const b of a.bots) if (!byName.has(b.name)) byName.set(b.name, { answerId: a.answerId, author: a.author, sha256: b.sha256 });
    const knownHere = known(challenge);
    const names = new Set<string>();
    for (const k of knownHere) {
      names.add(k.bot);
      const c = byName.get(k.bot);
      let status: RegistryStatus = k.ported ? 'ported' : 'missing';
      let note: string | undefined;
      if (k.ported && c && k.provenance.sha256 && c.sha256 !== k.provenance.sha256) {
        status = 'stale';
        note = `ported from ${k.provenance.sha256.slice(0, 12)}…, the cached answer has ${c.sha256.slice(0, 12)}…`;
      }
      rows.push({
        challenge,
        bot: k.bot,
        status,
        answerId: c?.answerId ?? k.provenance.answerId ?? null,
        author: c?.author ?? k.provenance.author ?? null,
        ...(note ? { note } : {}),
      });
    }
    for (const [name, c] of byName) {
      if (!names.has(name)) rows.push({ challenge, bot: name, status: 'missing', answerId: c.answerId, author: c.author, note: 'found in the cache, no port' });
    }
    for (const a of cached) {
      if (a.bots.length === 0) rows.push({ challenge, bot: `(answer ${a.answerId})`, status: 'not-a-bot', answerId: a.answerId, author: a.author, note: a.reason ?? 'no bot found' });
    }
  }
  return rows;
}
