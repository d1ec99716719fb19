import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { challengeConfig, codeBlocks, sha256 } from './extract.ts';

const answers = JSON.parse(readFileSync(new URL('../fixtures/scraper/answers.json', import.meta.url), 'utf8')).items as { answer_id: number; body: string }[];
const body = (id: number) => answers.find((a) => a.answer_id === id)!.body;
const dice = challengeConfig('dice')!;

describe('code blocks and extractors', () => {
  it('decodes entities and keeps < inside code; inline code is not a block', () => {
    const blocks = codeBlocks(body(1002));
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.text).toContain(`if scores[self.index] < 3 and "&" != '<':`);
    expect(blocks[0]!.sha256).toBe(sha256(blocks[0]!.text));
  });

  it('dice: every class deriving a ...Bot class, across two code blocks; not helpers', () => {
    expect(dice.extract(body(1001)).bots.map((b) => [b.name, b.block])).toEqual([
      ['ThrowTwiceBot', 0],
      ['GoToTenBot', 1],
    ]);
    const twins = dice.extract(body(1003)).bots;
    expect(twins.map((b) => b.name)).toEqual(['TwinA']); // TwinB(TwinA) does not end in Bot: the controller's own rule
    const none = dice.extract(body(1004));
    expect(none.bots).toEqual([]);
    expect(none.reason).toMatch(/no code block/);
  });

  it('ruins: the first code block defines the Adventurer; the H1 alone is not enough', () => {
    const ruins = challengeConfig('ruins')!;
    const ok = ruins.extract('<h1>Sneaky</h1><pre><code>class Sneaky(Adventurer):\n    def get_action(self, state):\n        return "next"\n</code></pre><pre><code>other</code></pre>');
    expect(ok.bots).toEqual([{ name: 'Sneaky', block: 0, sha256: ok.blocks[0]!.sha256 }]);
    expect(ruins.extract('<h1>Idea</h1><p>no code</p>').reason).toBe('no code block');
  });

  it('atomas: "language, name, score" header', () => {
    const atomas = challengeConfig('atomas')!;
    expect(atomas.extract('<h1>Python 2, toyBot, 12 points</h1><pre><code>print 1</code></pre>').bots[0]!.name).toBe('toyBot');
    expect(atomas.extract('<h2>just a comment</h2><pre><code>x</code></pre>').reason).toMatch(/not "language, name, score"/);
  });

  it('gun-duel: C++ classes deriving Player, several per answer', () => {
    const g = challengeConfig('gun-duel')!;
    const r = g.extract('<pre><code>class A final : public Player {\n};\nclass Helper {};\n</code></pre><pre><code>class B : public Player\n{};\n</code></pre>');
    expect(r.bots.map((b) => b.name)).toEqual(['A', 'B']);
  });

  it('camel-up: classes with move(player, g)', () => {
    const c = challengeConfig('camel-up')!;
    expect(c.extract('<pre><code>class Toy(Player):\n    def move(player, g):\n        return [0]\n</code></pre>').bots.map((b) => b.name)).toEqual(['Toy']);
    expect(c.extract('<pre><code>def helper(): pass</code></pre>').bots).toEqual([]);
  });
});
