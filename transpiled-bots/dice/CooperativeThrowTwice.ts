import CooperativeSwarmBot from './CooperativeSwarmBot.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'CooperativeThrowTwice',
  questionId: 177765,
  author: 'Einhaender',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '4b979031c43e5333fa80e0d3cf90731fefdcb1d5984ba7dfea268efe1f1bac5d',
};

/** CooperativeSwarmBot that defects by throwing twice. */
export default class CooperativeThrowTwice extends CooperativeSwarmBot {
  static override readonly botName: string = 'CooperativeThrowTwice';
  override *defectionStrategy(): Generator<unknown, unknown, undefined> {
    yield true;
    yield false;
    return undefined;
  }
}
