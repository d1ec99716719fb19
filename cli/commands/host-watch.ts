/**
 * `koth host watch DIR GAME_NUMBER [--out FILE]`: the watch page of any stored game of a host,
 * played again from its seed (engines/core/host/watch.ts) — the site publishes pages for a few
 * games only (each active entry's latest field game), this makes any other. A game seating posted
 * answers is played again in a sandbox worker started for it.
 * Its own file, registered by cli/commands/host.ts's registerHost with one line.
 */
import type { Command } from 'commander';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UserError } from '../../engines/core/cli/errors.ts';
import { helpFooter, positiveInt } from '../../engines/core/cli/kit.ts';
import { writeFileAtomic } from '../../engines/core/io/atomic.ts';
import { renderWatchPage } from '../../engines/core/report/html/watch.ts';
import { HostWatchRefused } from '../../engines/core/host/play.ts';
import { getSettings } from '../../engines/core/host/store.ts';
import { HostWatchError, storedGameWatchPageAsync } from '../../engines/core/host/watch.ts';
import { findGame, replayKit } from '../../engines/registry.ts';
import { openHost } from './host-open.ts';

/** Adds `watch` to the `koth host` command. */
export function registerHostWatch(host: Command): void {
  host
    .command('watch')
    .description('Write the watch page of any stored game of the host in DIR, played again from its seed (posted answers in the sandbox)')
    .argument('<dir>', 'the host folder')
    .argument('<game>', 'the game number (games are numbered from 1)', positiveInt)
    .option('--out <file>', 'where to write the page (default: DIR/watch/game-<GAME>.html)')
    .addHelpText('after', helpFooter(['koth host watch ./hill 1234', 'koth host watch ./hill 1234 --out game.html']))
    .action(async (dir: string, number: number, o: { out?: string }) => {
      const store = openHost(dir);
      try {
        const game = findGame(getSettings(store).game)?.engine?.host ?? {};
        const out = resolve(o.out ?? join(dir, 'watch', `game-${number}.html`));
        let page;
        try {
          page = await storedGameWatchPageAsync(store, game, number, { command: `koth host watch ${dir} ${number}`, ctx: { kit: replayKit() } });
        } catch (e) {
          if (e instanceof HostWatchRefused) throw new UserError(`game ${number} has no watch page here: ${e.message}. Nothing was written.`);
          if (e instanceof HostWatchError) throw new UserError(`${e.message}. Nothing was written.`);
          throw e;
        }
        mkdirSync(dirname(out), { recursive: true });
        writeFileAtomic(out, renderWatchPage(page));
        process.stdout.write(`koth: wrote the watch page of game ${number} to ${out}\n`);
      } finally {
        store.close();
      }
    });
}
