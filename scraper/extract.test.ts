import { describe, expect, it } from 'vitest';
import { codeBlocks, decodeEntities, pythonClasses, sha256 } from './extract.ts';
import { challengeConfig, challenges } from '../engines/registry.ts';

const CHALLENGES = challenges();
import { fixture } from '../test/test-server.ts';

const body = (file: string, id: number) => fixture(file).find((a) => a.answer_id === id)!.body;
const names = (challenge: string, file: string, id: number) => challengeConfig(challenge)!.extract(body(file, id)).bots.map((b) => b.name);
const reason = (challenge: string, file: string, id: number) => challengeConfig(challenge)!.extract(body(file, id)).reason;

describe('code blocks and their sha256', () => {
  it('sha256 is the hex digest of the UTF-8 bytes of the block text after entity decoding, exactly', () => {
    const [b] = codeBlocks('<p>see <code>inline</code></p><pre><code>x &lt; 3 &amp;&amp; "&#233;"\n</code></pre>');
    expect(b!.text).toBe('x < 3 && "é"\n');
    // Fixed value (computed independently with Python's hashlib): the definition the ports rely on.
    expect(b!.sha256).toBe('0d38e61583dd740075eb160e162c404f44830869e7c2e91976c2a84e3b9cdaed');
    expect(sha256('x < 3 && "é"\n')).toBe(b!.sha256);
    expect(sha256('x < 3 && "é"')).not.toBe(b!.sha256); // no trimming: the trailing newline counts
  });

  it('decodes entities and keeps < inside code; inline <code> is prose, not a block', () => {
    const blocks = codeBlocks(body('dice', 1002));
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.text).toContain(`if scores[self.index] < 3 and "&" != '<':`);
    expect(codeBlocks(body('dice', 1005))).toEqual([]);
  });

  it('a <pre> without <code> is a block too; blocks are numbered in order', () => {
    const blocks = codeBlocks('<pre>a &gt; b</pre><pre class="lang-py"><code>c</code></pre>');
    expect(blocks.map((b) => [b.index, b.text])).toEqual([
      [0, 'a > b'],
      [1, 'c'],
    ]);
  });

  it('display names are entity-decoded', () => {
    expect(decodeEntities('Ren&#233;e &amp; Co')).toBe('Renée & Co');
  });

  it('pythonClasses: top-level classes, their bases and bodies', () => {
    const cs = pythonClasses('class A(Bot):\n    x = 1\n\n    def f(self):\n        pass\nclass B(A, metaclass=M):\n    pass\ny = 2\n    class Nested(Bot):\n        pass\n');
    expect(cs.map((c) => [c.name, c.bases])).toEqual([
      ['A', ['Bot']],
      ['B', ['A']],
    ]);
    expect(cs[0]!.body).toContain('def f(self)');
    expect(cs[1]!.body).not.toContain('y = 2');
  });
});

describe('one extractor per challenge', () => {
  it('the table: one entry per challenge with its question id and language', () => {
    expect(CHALLENGES.map((c) => [c.id, c.questionId, c.language])).toEqual([
      ['dice', 177765, 'Python 3'],
      ['ruins', 183101, 'Python 3'],
      ['atomas', 95889, 'Python 2'],
      ['gun-duel', 104896, 'C++'],
      ['camel-up', 167101, 'Python 3'],
    ]);
  });

  it('dice: classes deriving a ...Bot class, across two code blocks, and classes deriving another bot; not helpers', () => {
    const r = challengeConfig('dice')!.extract(body('dice', 1001));
    expect(r.bots.map((b) => [b.name, b.block, b.sha256])).toEqual([
      ['ThrowTwiceBot', 0, r.blocks[0]!.sha256],
      ['GoToTenBot', 1, r.blocks[1]!.sha256],
    ]);
    expect(r.blocks[0]!.sha256).not.toBe(r.blocks[1]!.sha256);
    expect(names('dice', 'dice', 1003)).toEqual(['TwinA', 'TwinB']);
    expect(reason('dice', 'dice', 1004)).toBe('no code block');
    expect(reason('dice', 'dice', 1005)).toBe('no code block'); // the class is in inline code only
    expect(challengeConfig('dice')!.extract('<pre><code>class Bot:\n    pass\nclass Tool(object):\n    pass\n</code></pre>').reason).toMatch(/no code block defines a class deriving Bot/);
  });

  it('ruins: the first H1 and the first code block; its Adventurer classes are the bots', () => {
    const r = challengeConfig('ruins')!.extract(body('ruins', 2001));
    expect(r.bots).toEqual([{ name: 'SneakyPete', block: 0, sha256: r.blocks[0]!.sha256, title: 'Sneaky Pete' }]); // NotEntered is in the second block
    expect(names('ruins', 'ruins', 2002)).toEqual(['Elder', 'Younger']);
    expect(reason('ruins', 'ruins', 2003)).toMatch(/no H1 header/);
    expect(reason('ruins', 'ruins', 2004)).toMatch(/first code block .* defines no class deriving Adventurer/);
    expect(challengeConfig('ruins')!.extract('<h1>Idea</h1><p>no code</p>').reason).toMatch(/no code block/);
  });

  it('atomas: the "language, name, score" header names the program, the first block is the program', () => {
    const r = challengeConfig('atomas')!.extract(body('atomas', 3001));
    expect(r.bots).toEqual([{ name: 'toyBot', block: 0, sha256: r.blocks[0]!.sha256, title: 'Python, toyBot, Score = 12' }]);
    expect(names('atomas', 'atomas', 3002)).toEqual(['LeftmostBot']);
    expect(reason('atomas', 'atomas', 3003)).toMatch(/no "language, name, score" header/);
    expect(challengeConfig('atomas')!.extract('<h2>just a comment</h2><pre><code>x</code></pre>').reason).toMatch(/not "language, name, score"/);
  });

  it('gun-duel: C++ classes and structs deriving Player, several files per answer; comments and helpers ignored', () => {
    const r = challengeConfig('gun-duel')!.extract(body('gun-duel', 4001));
    expect(r.blocks).toHaveLength(2);
    expect(r.bots.map((b) => [b.name, b.block])).toEqual([['CopyCatPlayer', 0]]);
    expect(r.blocks[0]!.text).toContain('getAmmo() > 0 && getTurn()');
    expect(names('gun-duel', 'gun-duel', 4002)).toEqual(['ShieldPlayer', 'LoaderPlayer']);
    expect(reason('gun-duel', 'gun-duel', 4003)).toMatch(/no C\+\+ class deriving Player/);
    expect(challengeConfig('gun-duel')!.extract('<pre><code>class A : public PlayerBase {};\n// class B : public Player {\n</code></pre>').bots).toEqual([]);
  });

  it('camel-up: classes with a move(player, g) method', () => {
    expect(names('camel-up', 'camel-up', 5001)).toEqual(['SirToy']); // not Helper
    expect(names('camel-up', 'camel-up', 5002)).toEqual(['Coin']);
    expect(reason('camel-up', 'camel-up', 5003)).toMatch(/no class with a move/);
  });
});
