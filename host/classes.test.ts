/**
 * The sandbox's class discovery for ingest (host/classes.ts): the game's own inspect job in a
 * Pyodide worker, on our own few-line bots. Sandbox lane (vitest.config.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { findGame, replayKit } from '../engines/registry.ts';
import { sandboxClassesOf, type SandboxClasses } from './classes.ts';
import { botsOf } from './ingest.ts';

const opened: SandboxClasses[] = [];
afterAll(async () => {
  for (const c of opened) await c.close();
});
const open = (id: string, timeoutMs?: number) => {
  const c = sandboxClassesOf(findGame(id)!, replayKit(), timeoutMs === undefined ? {} : { timeoutMs });
  opened.push(c);
  return c;
};

describe('sandboxClassesOf', () => {
  it("dice: the classes as the original controller found them (Bot's direct subclasses), not every class the extractor reads", async () => {
    const { classesOf } = open('dice');
    const code = 'class Steady(Bot):\n    def make_throw(self, scores, last_round):\n        yield False\n\nclass Steadier(Steady):\n    pass\n';
    expect(await classesOf('python', code)).toEqual(['Steady']);
    const html = `<pre><code>${code}</code></pre>`;
    const dice = findGame('dice')!;
    // The extractor alone reads both; with the sandbox, the controller's one.
    expect((await botsOf(dice, dice.extractor.extract(html))).map((b) => b.className)).toEqual(['Steady', 'Steadier']);
    expect((await botsOf(dice, dice.extractor.extract(html), classesOf)).map((b) => b.className)).toEqual(['Steady']);
    // A file that does not load: cannot tell (ingest keeps the extractor's names, validation rejects it).
    expect(await classesOf('python', 'class Broken(Bot):\n    def make_throw(self\n')).toBeUndefined();
    // Not Python: not asked of the sandbox.
    expect(await classesOf('cpp', 'class X : public Player {};')).toBeUndefined();
  });

  it('a code that loops while loading is "cannot tell" once its time is up, and the worker serves the next one', async () => {
    const { classesOf } = open('dice', 1500);
    expect(await classesOf('python', 'while True:\n    pass\n')).toBeUndefined();
    expect(await classesOf('python', 'class Quick(Bot):\n    def make_throw(self, scores, last_round):\n        yield False\n')).toEqual(['Quick']);
  });

  it("ruins: a scraped block loads wrapped in the controller's imports (verify.wrap)", async () => {
    const { classesOf } = open('ruins');
    const block = "class Cautious(Adventurer):\n    def get_action(self, state):\n        return 'next'\n";
    expect(await classesOf('python', block)).toEqual(['Cautious']);
  });
});
