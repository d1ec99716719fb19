import { it, expect } from 'vitest';
import { findGame, replayKit } from '../registry.ts';
it('try', async () => {
  const dice = findGame('dice')!;
  const names = (await import('../dice/ports.ts')).dicePorts.names();
  console.log(names.slice(0, 10));
  const code = 'class Two(Bot):\n    def make_throw(self, scores, last_round):\n        yield True\n        yield False\n';
  const sha = (await import('../../scraper/extract.ts')).sha256(code);
  const job = { run: 'host/t/rules/fixed', rules: 'fixed', code: { [sha]: code }, games: [0, 1, 2].map((k) => ({ seedKey: k, seats: [names[0]!, { sha256: sha, className: 'Two' }, names[1]!] })) };
  const t = Date.now();
  const out = await dice.engine!.host!.playGames(job, { kit: replayKit() });
  console.log(JSON.stringify(out), Date.now() - t);
  const out2 = await dice.engine!.host!.playGames({ ...job, games: job.games.map((g) => ({ ...g, seats: [names[0]!, names[1]!, names[2]!] })) }, { kit: replayKit() });
  console.log(JSON.stringify(out2));
}, 60000);
