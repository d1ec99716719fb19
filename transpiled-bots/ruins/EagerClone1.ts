import type { Provenance } from '../provenance.ts';
import EagerThief from './EagerThief.ts';

export const provenance: Provenance = {
  challenge: 'ruins',
  bot: 'EagerClone1',
  questionId: 183101,
  author: 'Beefster09 (driver test bot)',
  source: 'GitHub Beefster09/pcg-general, test_bots/test_bots.py at f83740b30628f26ce39d34ef1224e51fb6f7a877 (HEAD, 2019-04-22; the file last changed in 254d63f, 2019-04-12)',
  sourceDate: '2019-04-22',
  notes: 'The test module makes it in a loop, `type(f"EagerClone{i}", (EagerThief,), {})`: EagerThief under another class name (scores are kept by class name).',
};

/** EagerThief under the name EagerClone1. */
export default class EagerClone1 extends EagerThief {
  static override readonly botName: string = 'EagerClone1';
}
