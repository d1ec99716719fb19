import { describe, expect, it } from 'vitest';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';
import { describeMismatches, replayTrace, type TraceFile } from '../../engines/dice/trace.ts';
import type { DiceBotClass } from '../../engines/dice/bot.ts';
import { diceBotClasses, diceProvenance, DICE_SNAPSHOT_BOTS } from './index.ts';

// Every port against its original's recorded decisions (fixtures/dice/traces/README.md).
const traceNames = fixtureFiles('dice/traces', /\.json\.gz$/).map((f) => f.slice(0, -8));

const classes = new Map<string, DiceBotClass>(diceBotClasses.map((c) => [c.botName, c]));
// The harness's `bots` (what CopyBot copies): Bot.__subclasses__(), direct subclasses in class order.
const snapshot: { bot: string; directSubclass: boolean; author: string | null; sha256: string | null }[] = fixture('dice/bots.json');
const allClasses = snapshot.filter((b) => b.directSubclass && classes.has(b.bot)).map((b) => classes.get(b.bot)!);

describe('dice ports agree with their originals decision for decision', () => {
  for (const name of traceNames) {
    const port = classes.get(name);
    it(name, () => {
      expect(port, `no port for ${name}`).toBeDefined();
      const trace = fixture<TraceFile>(`dice/traces/${name}.json.gz`);
      const { turns, mismatches } = replayTrace(trace, port!, classes, allClasses);
      expect(turns).toBeGreaterThan(1000);
      expect(mismatches.length, describeMismatches(name, mismatches)).toBe(0);
      if (port!.prototype.fastDecide !== undefined) {
        // The engine's fast path (engines/dice/bot.ts fastPath) must decide the same.
        const fast = replayTrace(trace, port!, classes, allClasses, 'fast');
        expect(fast.mismatches.length, describeMismatches(`${name} (fast path)`, fast.mismatches)).toBe(0);
      }
    });
  }
});

describe('the dice registry', () => {
  it('lists one port per snapshot class, in class order, with the provenance of its code block', () => {
    expect(diceBotClasses.map((c) => c.botName)).toEqual(snapshot.map((b) => b.bot));
    expect([...DICE_SNAPSHOT_BOTS]).toEqual(snapshot.map((b) => b.bot));
    expect(traceNames.sort()).toEqual(snapshot.map((b) => b.bot).sort());
    for (const b of snapshot) {
      const p = diceProvenance.get(b.bot)!;
      expect(p.bot).toBe(b.bot);
      expect(p.sha256 ?? null).toBe(b.sha256);
      expect(p.author ?? null).toBe(b.author);
    }
  });
});
