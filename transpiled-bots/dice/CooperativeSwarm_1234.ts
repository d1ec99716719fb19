import CooperativeSwarmBot from './CooperativeSwarmBot.ts';
import type { Provenance } from '../provenance.ts';

export const provenance: Provenance = {
  challenge: 'dice',
  bot: 'CooperativeSwarm_1234',
  questionId: 177765,
  author: 'Einhaender',
  source: '2019-01-07 scrape of all answers: public GitHub file headed Bots downloaded from https://codegolf.stackexchange.com/questions/177765 @ 2019-01-07 16:55:45 (fixtures/dice/goldens/README.md)',
  sourceDate: '2019-01-07',
  sha256: '111d677a6b7c340c6ec8ba03989a2bd640270047d1cabae95bacb7f4d0d2b662',
};

/** CooperativeSwarmBot unchanged (a second member of the swarm). */
export default class CooperativeSwarm_1234 extends CooperativeSwarmBot {
  static override readonly botName: string = 'CooperativeSwarm_1234';
}
