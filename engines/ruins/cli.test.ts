import { describe, expect, it } from 'vitest';
import { koth } from '../../test/helpers.ts';
import { fixture } from '../../test/fixtures.ts';

const golden = (f: string) => fixture(`ruins/goldens/${f}`);

describe('koth replay ruins / koth play ruins', () => {
  it('with no seed prints the published table and exactly which bots are missing', () => {
    const r = koth(['replay', 'ruins', '--json']);
    expect(r.status).toBe(0);
    const report = r.json();
    expect(report).toMatchObject({ challenge: 'ruins', table: '2019-05-04', verdict: 'n/a', seed: 'K48XMESC' });
    expect(report.missing).toEqual(['BountyHunter', 'Scoundrel', 'Accountant', 'Ponderer', 'Artyventurer', 'PlanAhead', 'Sprinter', 'Accomodator', 'Memorizer', 'Backwards']);
    expect(report.rows.map((x: { published: number }) => x.published)).toEqual([898, 847, 773, 730, 707, 698, 683, 661, 459, 296]);
    const text = koth(['replay', 'ruins']);
    expect(text.stdout).toContain('not ported: source only on the question page');
  });

  it('play ruins --seed S --pool test-bots --json is ruins.py -s S -1', () => {
    const g = golden('single-test-bots-K48XMESC.json');
    const r = koth(['play', 'ruins', '--seed', 'K48XMESC', '--pool', 'test-bots', '--json']);
    expect(r.status).toBe(0);
    expect(r.json().rows).toEqual(g.rows);
  });

  it('replay ruins --seed S --pool test-bots --json is ruins.py -s S (a numeric-looking seed stays a string)', () => {
    const g = golden('tournament-test-bots-1234.json');
    const r = koth(['replay', 'ruins', '--seed', '1234', '--pool', 'test-bots', '--json']);
    expect(r.status).toBe(0);
    expect(r.json().rows).toEqual(g.rows);
  });

  it('the pre-2019-04-13 driver crashed after its first final game, and the report says so', () => {
    const r = koth(['replay', 'ruins', '--seed', '7', '--bots', 'EagerThief,GreedyBastard,Chad,EagerClone0', '--rules', 'original']);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/crashes here \(run_tournament after final game 1\)[\s\S]*ValueError: too many values to unpack \(expected 2\)[\s\S]*original run stops/);
  });

  it('bad input: unknown pool or bot, missing seed', () => {
    expect(koth(['replay', 'ruins', '--seed', '1', '--pool', 'nope']).stderr).toMatch(/unknown pool "nope"/);
    const bot = koth(['play', 'ruins', '--seed', '1', '--bots', 'BountyHunter']);
    expect(bot.status).not.toBe(0);
    expect(bot.stderr).toMatch(/no port for BountyHunter in ruins.*koth registry ruins/);
    expect(koth(['play', 'ruins', '--pool', 'test-bots']).stderr).toMatch(/give a seed/);
  });
});
