// Issue 31, defect 10: the question's title is compared as the README promises (case, white
// space and HTML entities aside) plus the known tag suffixes; no substring either way.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, StackExchangeClient } from './api.ts';
import { AnswerCache } from './cache.ts';
import { challengeConfig, challenges } from '../engines/registry.ts';
import { sameQuestionTitle, scrapeChallenge } from './scrape.ts';
import { FakeStackExchange, fixture, runKoth } from '../test/test-server.ts';
import { tempDirs } from '../test/helpers.ts';

const tmp = tempDirs('koth-title-');
let server: FakeStackExchange | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('sameQuestionTitle', () => {
  const DICE = 'A game of dice, but avoid number 6';
  it('refuses "", "a", "Dice" and other substrings or superstrings', () => {
    for (const t of ['', ' ', 'a', 'Dice', 'game', 'number 6', 'A game of dice', 'A game of dice, but avoid number 6 and 7', 'A game of dice, but avoid number 6 (treasure-raiding KotH) extra']) {
      expect(sameQuestionTitle(t, DICE), JSON.stringify(t)).toBe(false);
      expect(sameQuestionTitle(DICE, t), JSON.stringify(t)).toBe(false);
    }
    expect(sameQuestionTitle('Adventurers in the Ruins', 'Adventurers')).toBe(false);
    expect(sameQuestionTitle('(treasure-raiding KotH)', 'Adventurers in the Ruins (treasure-raiding KotH)')).toBe(false);
    expect(sameQuestionTitle('KotH', 'A game of dice, but avoid number 6 (KotH)')).toBe(false);
  });
  it('accepts case, white space, HTML entities, and a known tag gained or lost', () => {
    expect(sameQuestionTitle(' a  GAME of dice,&#32;but avoid\nnumber&nbsp;6 ', DICE)).toBe(true);
    expect(sameQuestionTitle(`${DICE} (KotH)`, DICE)).toBe(true);
    expect(sameQuestionTitle(`${DICE} [KotH]`, DICE)).toBe(true);
    expect(sameQuestionTitle(`${DICE} - King of the Hill`, DICE)).toBe(true);
    expect(sameQuestionTitle('Adventurers in the Ruins', 'Adventurers in the Ruins (treasure-raiding KotH)')).toBe(true);
    expect(sameQuestionTitle('Adventurers in the Ruins (Treasure-Raiding KOTH)', 'Adventurers in the Ruins')).toBe(true);
    expect(sameQuestionTitle('Camel Up Cup: An AI board game tournament', 'Camel Up Cup: An AI board game tournament (Camel Up Cup 2k18)')).toBe(true);
    expect(sameQuestionTitle('Camel Up Cup 2k18', 'Camel Up Cup: An AI board game tournament (Camel Up Cup 2k18)')).toBe(true);
    expect(sameQuestionTitle(`${DICE} (some other tag)`, DICE)).toBe(false);
  });
  it("every registered challenge's own title matches itself, and no other challenge's", () => {
    for (const a of challenges()) for (const b of challenges()) expect(sameQuestionTitle(a.title, b.title), `${a.id} / ${b.id}`).toBe(a.id === b.id);
  });
});

describe('the scrape stops on a question titled "", "a" or "Dice" (exit 4 kind: wrong-question)', () => {
  for (const title of ['', 'a', 'Dice']) {
    it(JSON.stringify(title), async () => {
      server = await new FakeStackExchange({ answers: fixture('dice') }).start();
      server.questions = [{ question_id: 177765, title }];
      const cache = new AnswerCache(tmp(), 'dice');
      const err = await scrapeChallenge(challengeConfig('dice')!, { client: new StackExchangeClient({ base: server.base, delayScale: 0, maxRetries: 2 }), cache }).catch((e) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err.kind).toBe('wrong-question');
      expect(server.calls('/answers')).toHaveLength(0);
    });
  }
});

it('koth scrape dice against a question titled "Dice": exit 4, both titles said, nothing asked for', async () => {
  server = await new FakeStackExchange({ answers: fixture('dice'), questions: [{ question_id: 177765, title: 'Dice' }] }).start();
  const r = await runKoth(['scrape', 'dice', '--api-base', server.base, '--cache', tmp()]);
  expect(r.status).toBe(4);
  expect(r.stderr).toContain('question 177765 on codegolf is "Dice", not "A game of dice, but avoid number 6"');
  expect(server.calls('/answers')).toHaveLength(0);
});
