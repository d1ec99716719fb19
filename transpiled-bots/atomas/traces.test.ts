/**
 * Every atomas port against its original's recorded calls (fixtures/atomas/traces/README.md):
 * same text in, same printed answer, same state of the shared Python-2 generator after.
 */
import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures.ts';
import { PyRandom } from '../../engines/core/rng/python-random.ts';
import { ATOMAS_BOTS } from './index.ts';

interface Call {
  input: string;
  rngSeed: number;
  printed: string;
  rngAfter: number;
}

describe('atomas ports agree with their originals call for call', () => {
  for (const bot of ATOMAS_BOTS) {
    it(bot.name, () => {
      const t = fixture<{ calls: Call[] }>(`atomas/traces/${bot.name}.json.gz`);
      expect(t.calls.length).toBeGreaterThan(2000);
      const kinds = new Set(t.calls.map((c) => c.input.split('/')[0]));
      for (const k of ['+', '-']) expect(kinds, `the trace has "${k}" situations`).toContain(k);
      let bad = 0;
      const first: string[] = [];
      for (const c of t.calls) {
        const random = new PyRandom(c.rngSeed, { python2: true });
        const printed = bot.move(c.input, { random });
        const after = Number(random.getrandbits(32));
        if (printed !== c.printed || after !== c.rngAfter) {
          bad++;
          if (first.length < 5) first.push(`${JSON.stringify(c.input)}: original printed ${JSON.stringify(c.printed)} (rng after ${c.rngAfter}), port ${JSON.stringify(printed)} (${after})`);
        }
      }
      expect(bad, first.join('\n')).toBe(0);
    });
  }
});
