/**
 * A small report page with every kind of section and row (agree, disagree, not comparable,
 * table-level rows, a rule comparison with a per-seat breakdown), and bot names that try to
 * break out of HTML: what the page tests render. Not real results.
 */
import type { ComparisonRow } from '../../stats/compare.ts';
import type { ReportPage } from './types.ts';

export const HOSTILE_BOT = '<script>alert("x")</script>&Bot\'s';
export const HOSTILE_NOTE = 'scraped <img src=x onerror=alert(1)> note';

const rows: ComparisonRow[] = [
  { bot: 'OptFor2X', metric: 'winPct', published: 21.6, reproduced: 21.5, low: 21.3, high: 21.7, verdict: 'agree' },
  { bot: HOSTILE_BOT, metric: 'winPct', published: 20.7, reproduced: 19.1, low: 18.8, high: 19.4, verdict: 'disagree', note: HOSTILE_NOTE },
  { bot: 'Hesitate', metric: 'winPct', published: 20.3, reproduced: 20.2, low: 19.9, high: 20.5, verdict: 'agree' },
  { bot: 'Unported', metric: 'winPct', published: 12.0, reproduced: null, low: null, high: null, verdict: 'n/a', note: 'not in this run' },
];

export function samplePage(): ReportPage {
  return {
    title: 'koth-replay: published vs reproduced',
    command: 'koth replay --report report',
    harnessVersion: '0.0.0-test',
    generatedAt: '2026-01-01T00:00:00.000Z',
    wallSeconds: 1.5,
    sections: [
      {
        kind: 'comparison',
        id: 'dice',
        game: 'dice',
        title: 'A game of dice, but avoid number 6',
        questionId: 177765,
        table: 'official-final',
        metricLabel: 'Win%',
        digits: 2,
        confidence: 0.999,
        verdict: 'disagree',
        rows,
        gameRows: [{ bot: '(all games)', metric: 'avgRounds', published: 3.73, reproduced: 3.72, low: 3.7, high: 3.76, verdict: 'agree' }],
        summary: '1000 games with 4 bots <b>not bold</b>',
        provenance: {
          command: 'koth replay dice --rules fixed --seed 2019 --games 1000 --pool official',
          seeds: ['2019'],
          games: 1000,
          publishedGames: 300000000,
          workers: 2,
          variant: 'fixed',
          extra: { 'shard size': 10000 },
          wallSeconds: 0.5,
          bots: [{ bot: 'OptFor2X', ported: true, sha256: 'ab'.repeat(32), sourceDate: '2019-01-07', source: 'a snapshot' }, { bot: HOSTILE_BOT, ported: false, source: HOSTILE_NOTE }],
        },
      },
      {
        kind: 'comparison',
        id: 'ruins',
        game: 'ruins',
        title: 'Adventurers in the ruins',
        questionId: 183101,
        table: '2019-05-04',
        metricLabel: 'score',
        digits: 0,
        confidence: 1,
        verdict: 'n/a',
        rows: [
          { bot: 'BountyHunter', metric: 'score', published: 898, reproduced: null, low: null, high: null, verdict: 'n/a', note: 'not ported: source only on the question page' },
          { bot: 'Scoundrel', metric: 'score', published: 847, reproduced: null, low: null, high: null, verdict: 'n/a', note: 'not ported: source only on the question page' },
        ],
        gameRows: [],
        provenance: { command: 'koth replay ruins', seeds: ['K48XMESC'], bots: [] },
      },
      {
        kind: 'rules',
        id: 'dice-rules',
        game: 'dice',
        title: 'A game of dice, but avoid number 6: rule comparison',
        variants: ['original', 'fixed'],
        metricLabel: 'Win%',
        diffUnit: 'percentage points',
        digits: 2,
        confidence: 0.999,
        rows: [
          { key: 'OptFor2X', a: { value: 17.8, low: 17.5, high: 18.1 }, b: { value: 21.5, low: 21.2, high: 21.8 }, diff: { value: 3.7, low: 3.3, high: 4.1 }, significant: true },
          { key: HOSTILE_BOT, a: { value: 19.5, low: 19.2, high: 19.8 }, b: { value: 19.1, low: 18.8, high: 19.4 }, diff: { value: -0.4, low: -0.8, high: 0 }, significant: false },
          { key: 'Hesitate', a: { value: 19.4, low: 19.1, high: 19.7 }, b: { value: 19.9, low: 19.6, high: 20.2 }, diff: { value: 0.5, low: 0.1, high: 0.9 }, significant: true },
        ],
        groups: {
          title: 'Win rate by seat',
          keyLabel: 'seat',
          rows: [0, 1, 2].map((i) => ({
            key: String(i),
            a: { value: 16 - i, low: 15.5 - i, high: 16.5 - i },
            b: { value: 14, low: 13.5, high: 14.5 },
            diff: { value: i - 2, low: i - 2.5, high: i - 1.5 },
            significant: i !== 2,
          })),
        },
        provenance: { command: 'koth replay dice --compare-rules original,fixed --seed 2019 --games 1000', seeds: ['2019'], games: 1000, workers: 1, variant: 'original vs fixed', bots: [] },
      },
    ],
  };
}
