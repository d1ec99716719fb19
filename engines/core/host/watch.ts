/**
 * Watch pages of stored games (docs/host.md "Publish"): a stored game is its seed key, rules
 * version, kind and seats (versions), so its game can be played again from its seed and shown step
 * by step (engines/core/report/html/watch.ts) — nothing of the game is stored but its result,
 * which the page checks the replay against.
 *
 * Which run a game plays from: a field game, the field run of its rules version
 * (`host/<seed>/rules/<rules>`); a test game, its test's run (its subject: the test); a smoke
 * game, the smoke run of the version it validated (its subject; seeds.ts).
 *
 * The game's engine makes the steps (HostGame.watch) in process: ports only. A game seating posted
 * answers needs the sandbox, which a page made here does not start: refused (HostWatchRefused).
 */
import { PACKAGE_VERSION } from '../version.ts';
import type { WatchPage } from '../report/html/watch.ts';
import { HostWatchRefused, type HostGame, type HostGameSpec, type HostJob, type HostPlayContext, type HostWatch } from './play.ts';
import { boardNames } from './rate.ts';
import { hostJobOf, PORT_LANGUAGE, runOfGame, UnknownRunError } from './runs.ts';
import { getGame, getSettings, getVersion, listEntries, type Game, type Store, type Version } from './store.ts';

/** The language of a house bot's version (a port, by its class name): host/validate.ts ensureHouse. */
export { PORT_LANGUAGE };

/** A game that has no watch page (no such game, a run that is not known, a game without `watch`): the user's ask, said why. */
export class HostWatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostWatchError';
  }
}

/** A stored game as a job of one game: its run, rules, seats (and the versions behind them). */
export function storedGameJob(store: Store, game: Game): { job: HostJob; spec: HostGameSpec; versions: Version[] } {
  const settings = getSettings(store);
  const versions = game.seats.map((id) => getVersion(store, id) ?? fail(`game ${game.number} seats version ${id}, which the store does not have`));
  let run: string;
  try {
    run = runOfGame(store, game, settings);
  } catch (e) {
    if (e instanceof UnknownRunError) fail(e.message);
    throw e;
  }
  const job = hostJobOf(store, run, game.rules, [game]);
  return { job, spec: job.games[0]!, versions };
}

function fail(message: string): never {
  throw new HostWatchError(message);
}

/**
 * The watch page of stored game `number`, made again from its seed by `host.watch`. Throws
 * HostWatchError (no such game, no page for its kind or game) or HostWatchRefused (it seats posted answers).
 */
export function storedGameWatchPage(store: Store, host: Pick<HostGame, 'watch'>, number: number, o: { command: string }): WatchPage {
  const { game, job, spec, versions } = watchedGame(store, host, number);
  const made = host.watch!(job, spec);
  if (made instanceof Promise) throw new HostWatchRefused('its game is played in the sandbox');
  return watchPageOf(store, game, job, versions, made, o);
}

/** The same, for any stored game: one seating posted answers is played in a sandbox worker of `ctx` (`koth host watch`, a tick). */
export async function storedGameWatchPageAsync(store: Store, host: Pick<HostGame, 'watch'>, number: number, o: { command: string; ctx: HostPlayContext }): Promise<WatchPage> {
  const { game, job, spec, versions } = watchedGame(store, host, number);
  const made = await host.watch!(job, spec, o.ctx);
  return watchPageOf(store, game, job, versions, made, o);
}

/** The stored game `number` as a job of one game, refused when there is none or the game has no watch pages. */
function watchedGame(store: Store, host: Pick<HostGame, 'watch'>, number: number): { game: Game } & ReturnType<typeof storedGameJob> {
  const settings = getSettings(store);
  const game = getGame(store, number) ?? fail(`no game ${number} is stored (games are numbered from 1)`);
  if (!host.watch) throw new HostWatchError(`${settings.game} games have no watch page yet`);
  return { game, ...storedGameJob(store, game) };
}

/** The watch page of a stored game made again (`made`), with what it is and whether it gave the stored result. */
function watchPageOf(store: Store, game: Game, job: HostJob, versions: Version[], made: HostWatch, o: { command: string }): WatchPage {
  const settings = getSettings(store);
  const number = game.number;
  const names = boardNames(listEntries(store));
  const replayed = 'result' in made.outcome ? made.outcome.result : `seat ${made.outcome.failed.seat} failed (${made.outcome.failed.kind}): ${made.outcome.failed.reason}`;
  const same = replayed === game.result;
  return {
    title: `${settings.game} — hosted game ${number}`,
    game: settings.game,
    command: o.command,
    harnessVersion: PACKAGE_VERSION,
    intro: [
      `Game ${number}, a ${game.kind} game of tick ${game.tick}: seed key ${game.seedKey} of the run ${job.run} (rules ${game.rules}).`,
      `Seats: ${versions.map((v, i) => `${i}. ${names.get(v.entry)} v${v.number}${v.language === PORT_LANGUAGE ? ' (house bot)' : ''}`).join(', ')}.`,
      same ? `Result ${game.result}, as stored: the game played again from its seed gives it.` : `Stored result ${game.result}, but the game played again gives ${replayed}: they differ.`,
      ...made.intro,
    ],
    ...(made.legend ? { legend: made.legend } : {}),
    steps: made.steps,
  };
}
