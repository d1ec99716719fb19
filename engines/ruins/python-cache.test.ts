/**
 * The documented way to rerun a published ruins table, end to end and offline:
 *   koth scrape ruins --as-of DAY   (here from a fake StackExchange API on 127.0.0.1)
 *   koth replay ruins --seed K48XMESC --python-bots cache --as-of DAY
 * The answers (fixtures/ruins/python-answers/) are our own bots written for this test, API-shaped
 * like the scraper's fixtures; their TypeScript twins are below. The replay must equal our
 * engine's run of the twins in the order ruins.py's downloader and loader gave them.
 * One Pyodide for the whole file (the CLI's shared sandbox).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures.ts';
import { FakeStackExchange, runKoth, type SimAnswer, type SimRevision } from '../../test/test-server.ts';
import { Drunkard } from '../../transpiled-bots/ruins/index.ts';
import { Adventurer, type AdventurerClass, type RoomState } from './adventurer.ts';
import { Ruins, scoreRows } from './rules.ts';
import { runTournament } from './tournament.ts';
import { RUINS_VARIANTS } from './variants.ts';

const items = <T,>(f: string) => fixture<{ items: T[] }>(`ruins/python-answers/${f}`).items;

// ---- TypeScript twins of the answers' Python (same decisions, same draws) ----
const tired = (s: RoomState, cost: number) => Math.floor(s.stamina / cost) <= s.room + 1;

class Diver extends Adventurer {
  static readonly botName = 'Diver';
  private target = 0;
  override enterRuins(): void {
    this.target = this.random.randint(3, 8) as number;
  }
  override getAction(s: RoomState): unknown {
    if (tired(s, 10 + Math.ceil(s.carryWeight / 5))) return 'previous';
    if (s.room < this.target) return 'next';
    let best: number | undefined;
    s.treasures.forEach((t, i) => {
      if (s.carryWeight + t.weight > 50) return;
      if (best === undefined || t.value * s.treasures[best]!.weight > s.treasures[best]!.value * t.weight) best = i;
    });
    if (best !== undefined) {
      const bid = s.treasures[best]!.weight + (s.players.length ? 1 : 0);
      if (bid < s.stamina) return ['take', best, bid];
    }
    return s.inventory.length ? 'previous' : 'next';
  }
}

class Magpie extends Adventurer {
  static readonly botName = 'Magpie';
  override getAction(s: RoomState): unknown {
    if (tired(s, 10 + Math.ceil(s.carryWeight / 5))) return 'previous';
    const fits = s.treasures.flatMap((t, i) => (s.carryWeight + t.weight <= 12 ? [i] : []));
    if (fits.length) {
      const i = fits.reduce((a, j) => (s.treasures[j]!.value > s.treasures[a]!.value ? j : a));
      return ['take', i, s.treasures[i]!.weight + (this.random.randrange(s.players.length + 1) as number)];
    }
    return this.random.random() < 0.85 || s.room === 1 ? 'next' : 'previous';
  }
}

class Carl extends Adventurer {
  static readonly botName: string = 'Carl';
  protected depth = 2;
  override getAction(s: RoomState): unknown {
    if (s.inventory.length >= 2 || s.stamina < 200) return 'previous';
    if (s.room < this.depth) return 'next';
    if (!s.treasures.length) return 'next';
    const key = (j: number) => [s.treasures[j]!.weight, -s.treasures[j]!.value] as const;
    let i = 0;
    for (let j = 1; j < s.treasures.length; j++) {
      const [a, b] = [key(j), key(i)];
      if (a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])) i = j;
    }
    return ['take', i, s.treasures[i]!.weight];
  }
}
class CarlJr extends Carl {
  static override readonly botName: string = 'CarlJr';
  protected override depth = 3;
}

const sneak = (depth: number): AdventurerClass =>
  class Sneak extends Adventurer {
    static readonly botName = 'Sneak';
    override getAction(s: RoomState): unknown {
      if (s.inventory.length || s.stamina < 150) return 'previous';
      if (s.room < depth || !s.treasures.length) return 'next';
      return ['take', 0, s.treasures[0]!.weight];
    }
  };

class Latecomer extends Adventurer {
  static readonly botName = 'Latecomer';
  override getAction(s: RoomState): unknown {
    return s.room >= 2 ? 'previous' : 'next';
  }
}

const twinsRun = (bots: AdventurerClass[], seed: string) => JSON.parse(JSON.stringify(runTournament(bots, seed, { flags: RUINS_VARIANTS.fixed.flags, drunkard: Drunkard })));

const twinsGame = (bots: AdventurerClass[], seed: string) => JSON.parse(JSON.stringify(scoreRows(new Ruins(bots, seed).runGame())));

let server: FakeStackExchange;
let cache: string;
const SEED = 'K48XMESC';

beforeAll(async () => {
  server = await new FakeStackExchange({ answers: [...items<SimAnswer>('answers.json'), ...items<SimAnswer>('numpy-answer.json')], revisions: items<SimRevision>('revisions.json') }).start();
  cache = mkdtempSync(join(tmpdir(), 'koth-pycache-'));
  // Only the numpy answer is left out of the main scrapes (it gets its own cache below).
  server.answers = items<SimAnswer>('answers.json');
  for (const asOf of [['--as-of', '2019-05-04'], []]) {
    const r = await runKoth(['scrape', 'ruins', ...asOf, '--api-base', server.base, '--cache', cache]);
    expect(r.status, r.stderr).toBe(0);
  }
});
afterAll(async () => {
  await server?.stop();
  if (cache) rmSync(cache, { recursive: true, force: true });
});

describe('koth replay ruins --python-bots cache (the published-table path), offline', () => {
  it('--as-of: the answers as they stood that day, in the downloader’s module order, equal our engine running their twins', async () => {
    const r = await runKoth(['replay', 'ruins', '--seed', SEED, '--python-bots', 'cache', '--as-of', '2019-05-04', '--json'], { KOTH_CACHE: cache });
    expect(r.status, r.stderr).toBe(0);
    // Modules sorted by file name: a__9_lives__cautious_carl_ (Carl, CarlJr), jo__magpie,
    // marta_k__deep_diver, old_timer__oldie (a Python 2 print: SyntaxError, skipped as ruins.py
    // skipped it), pat__sneak (the revision of that day: depth 4). The heading-less answer has
    // no module; Latecomer was posted after the day.
    expect(r.stderr).toMatch(/Recovering from error in import: answer 3005 \(old_timer__oldie\.py\): SyntaxError/);
    const got = r.json();
    const want = twinsRun([Carl, CarlJr, Magpie, Diver, sneak(4)], SEED);
    expect(got).toEqual(want);
    expect(got.rows.map((x: { bot: string }) => x.bot).sort()).toEqual(['Carl', 'CarlJr', 'Diver', 'Magpie', 'Sneak']);
    expect(got.finalGames).toBeGreaterThan(1);
  });

  it('without --as-of: today’s bodies (Sneak edited to depth 6, Latecomer in), and they differ from that day’s (koth play: one game)', async () => {
    const r = await runKoth(['play', 'ruins', '--seed', SEED, '--python-bots', 'cache', '--json'], { KOTH_CACHE: cache });
    expect(r.status, r.stderr).toBe(0);
    expect(r.json().rows).toEqual(twinsGame([Carl, CarlJr, Magpie, Diver, sneak(6), Latecomer], SEED));
    const then = await runKoth(['play', 'ruins', '--seed', SEED, '--python-bots', 'cache', '--as-of', '2019-05-04', '--json'], { KOTH_CACHE: cache });
    expect(then.json().rows).toEqual(twinsGame([Carl, CarlJr, Magpie, Diver, sneak(4)], SEED));
    expect(then.json().rows).not.toEqual(r.json().rows);
  });

  it('play and --bots pick and order the cached classes', async () => {
    const r = await runKoth(['play', 'ruins', '--seed', SEED, '--python-bots', 'cache', '--as-of', '2019-05-04', '--bots', 'Diver,Carl', '--json'], { KOTH_CACHE: cache });
    expect(r.status, r.stderr).toBe(0);
    expect(r.json().rows.map((x: { bot: string }) => x.bot).sort()).toEqual(['Carl', 'Diver']);
  });

  it('a missing as-of scrape says which scrape to run (exit 6); an answer needing numpy is refused by name (exit 2), never dropped', async () => {
    const none = await runKoth(['replay', 'ruins', '--seed', SEED, '--python-bots', 'cache', '--as-of', '2019-04-01'], { KOTH_CACHE: cache });
    expect(none.status).toBe(6);
    expect(none.stderr).toMatch(/koth scrape ruins --as-of 2019-04-01/);
    server.answers = items<SimAnswer>('numpy-answer.json');
    const npCache = mkdtempSync(join(tmpdir(), 'koth-pycache-np-'));
    try {
      expect((await runKoth(['scrape', 'ruins', '--api-base', server.base, '--cache', npCache])).status).toBe(0);
      const r = await runKoth(['replay', 'ruins', '--seed', SEED, '--python-bots', 'cache'], { KOTH_CACHE: npCache });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/refused module nu__vector_bot \(answer 3101 .*\): it imports numpy, which the offline Pyodide sandbox does not have/);
    } finally {
      rmSync(npCache, { recursive: true, force: true });
    }
  });
});
