/**
 * A dice shard handed in by a queue worker is checked before it is merged (issue 31, defect 3):
 * its shape, the dice invariants (TrialSpec.check: diceStatsProblems, also used for
 * checkpoints), its count. Against a real redis-server and a forged worker: test/queue-defects.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { shardResultProblems } from '../core/runner/queue/coordinator.ts';
import { PyRandom } from '../core/rng/python-random.ts';
import { DICE_SNAPSHOT_BOTS } from '../../transpiled-bots/dice/index.ts';
import { trials as diceTrials } from '../wiring/dice-trials.ts';

describe('a shard result is checked before it is merged (TrialSpec.check)', () => {
  const opts = { bots: DICE_SNAPSHOT_BOTS.slice(0, 8), rules: 'fixed' };
  const real = diceTrials.run(opts, new PyRandom('1/shard/0'), 50);
  const clone = () => JSON.parse(JSON.stringify(real)) as typeof real;

  it('a real shard passes', () => {
    expect(shardResultProblems(real, diceTrials, opts, 50)).toEqual([]);
  });
  it('a wrong count, no result, or a wrong shape is refused', () => {
    expect(shardResultProblems(real, diceTrials, opts, 51)).toEqual(['it holds 50 trials, the shard has 51']);
    expect(shardResultProblems(null, diceTrials, opts, 50)[0]).toMatch(/empty/);
    expect(shardResultProblems({ games: 50 }, diceTrials, opts, 50)[0]).toMatch(/lacks/);
    expect(shardResultProblems({ ...clone(), tiedGames: -1 }, diceTrials, opts, 50)[0]).toMatch(/tiedGames is -1/);
  });
  it('plausible but impossible statistics are refused: more ties than games, a winning score "abc", another bot list', () => {
    expect(shardResultProblems({ ...clone(), tiedGames: 51 }, diceTrials, opts, 50)).toContain('51 tied games of 50');
    const a = clone();
    a.winningScores = { abc: 50 };
    expect(shardResultProblems(a, diceTrials, opts, 50)).toContain('a winning score that is not a whole number');
    const b = clone();
    b.bots = [...b.bots].reverse();
    expect(shardResultProblems(b, diceTrials, opts, 50)[0]).toMatch(/bots are not this run's/);
    const c = clone();
    c.rows[0]!.wins = c.rows[0]!.played + 1;
    expect(shardResultProblems(c, diceTrials, opts, 50).join()).toMatch(/impossible/);
  });
});
