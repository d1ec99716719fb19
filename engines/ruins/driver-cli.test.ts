/**
 * koth replay ruins / koth play ruins end to end, against what the ruins.py command lines
 * printed (fixtures/ruins/goldens/, README there).
 */
import { describe, expect, it } from 'vitest';
import { kothAsync } from '../../test/helpers.ts';
import { fixture, fixtureFiles } from '../../test/fixtures.ts';

const files = fixtureFiles('ruins/goldens');
const load = (f: string) => fixture(`ruins/goldens/${f}`);

describe.concurrent('koth replay/play ruins = the ruins.py command line', () => {
  for (const f of files.filter((x) => x.startsWith('tournament-test-bots-'))) {
    const g = load(f);
    it(`koth replay ruins --seed ${g.seed} --pool test-bots --json  ≡  ${g.command.replace(/ -o .*/, '')}`, async () => {
      const r = await kothAsync(['replay', 'ruins', '--seed', g.seed, '--pool', 'test-bots', '--json']);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const out = r.json();
      expect(out.rows).toEqual(g.rows);
      expect(out.poolRows).toEqual(g.poolRows);
      expect(out.finalGames).toBe(g.finalGames);
      expect(out.ended).toBe(g.ended);
      expect(out.winner).toBe(g.winner);
    });
  }

  for (const f of files.filter((x) => x.startsWith('single-test-bots-'))) {
    const g = load(f);
    it(`koth play ruins --seed ${g.seed} --pool test-bots --json  ≡  ${g.command}`, async () => {
      const r = await kothAsync(['play', 'ruins', '--seed', g.seed, '--pool', 'test-bots', '--json']);
      expect(r.status).toBe(0);
      expect(r.json().rows).toEqual(g.rows);
    });
  }

  it('koth play ruins --log prints what ruins.py -1 prints, byte for byte (colours off)', async () => {
    const g = load('stdout-test-bots-1234.json');
    const r = await kothAsync(['play', 'ruins', '--seed', g.seed, '--pool', 'test-bots', '--log']);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n').slice(0, -1)).toEqual(g.lines);
  });

  it('--rules original: the pre-fix driver prints its pool table, then crashes after the first final game', async () => {
    const g = load('original-test-bots-K48XMESC.json');
    const r = await kothAsync(['replay', 'ruins', '--seed', g.seed, '--pool', 'test-bots', '--rules', 'original']);
    expect(r.status).toBe(3);
    expect(r.stderr).toContain(g.crash);
    expect(r.stderr).toContain('after final game 1');
    const poolLines = r.stdout.split('\n').filter((l) => /\b(EagerClone\d|EagerThief|EmoKid|Chad|Coward|GreedyBastard|MischievousKid)\b/.test(l));
    expect(poolLines.map((l) => l.match(/[A-Za-z]\w+/)![0])).toEqual(g.poolRows.map((x: { bot: string }) => x.bot));
  });

  it('--rules original with one scored bot runs the final series on (HEAD stops after one game)', async () => {
    const g = load('original-solo-7.json');
    const [orig, head] = await Promise.all([
      kothAsync(['replay', 'ruins', '--seed', g.seed, '--bots', g.bots.join(','), '--rules', 'original', '--json']),
      kothAsync(['replay', 'ruins', '--seed', g.seed, '--bots', g.bots.join(','), '--json']),
    ]);
    expect(orig.json()).toMatchObject({ rows: g.rows, finalGames: g.finalGames, ended: g.ended });
    expect(head.json()).toMatchObject({ rows: [], finalGames: 1, ended: 'not-enough-competitors' });
  });

  it('--help explains every option; bad input fails clearly', async () => {
    const [help, rules, seedless, badBot, emptySeed] = await Promise.all([
      kothAsync(['replay', 'ruins', '--help']),
      kothAsync(['replay', 'ruins', '--seed', '1', '--rules', 'newest']),
      kothAsync(['replay', 'ruins', '--bots', 'Chad']),
      kothAsync(['play', 'ruins', '--seed', '1', '--bots', 'Chad,Scoundrel']),
      kothAsync(['play', 'ruins', '--seed', '', '--bots', 'EagerThief', '--json']),
    ]);
    for (const o of ['--seed', '--pool', '--bots', '--rules', '--json', 'finalCheckFixed', 'shuffleSeats', 'test-bots']) expect(help.stdout).toContain(o);
    expect(rules.status).not.toBe(0);
    expect(rules.stderr).toMatch(/newest.*(original|fixed)/s);
    expect(seedless.status).not.toBe(0);
    expect(seedless.stderr).toMatch(/give a seed/);
    expect(badBot.status).toBe(2);
    expect(badBot.stderr).toMatch(/no port for Scoundrel in ruins/);
    // ruins.py -s '' seeds random.Random('') — a valid seed there, so here too.
    expect(emptySeed.status).toBe(0);
    expect(emptySeed.json().rows).toHaveLength(1);
  });
});
