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
import { HostWatchRefused, type HostGame, type HostGameSpec, type HostJob, type HostSeat } from './play.ts';
import { boardNames } from './rate.ts';
import { fieldRunSeed, smokeRunSeed, testRunSeed } from './seeds.ts';
import { getGame, getSettings, getVersion, listEntries, type Game, type Store, type Version } from './store.ts';

/** The language of a house bot's version (a port, by its class name): host/validate.ts ensureHouse. */
export const PORT_LANGUAGE = 'port';

/** A game that has no watch page (no such game, a run that is not known, a game without `watch`): the user's ask, said why. */
export class HostWatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostWatchError';
  }
}

/** The seat of a version: a port by its class name, or a posted answer's class with its code's hash. */
function seatOf(v: Version, className: string): HostSeat {
  return v.language === PORT_LANGUAGE ? className : { sha256: v.sha256, className, language: v.language };
}

/** A stored game as a job of one game: its run, rules, seats (and the versions behind them). */
export function storedGameJob(store: Store, game: Game): { job: HostJob; spec: HostGameSpec; versions: Version[] } {
  const settings = getSettings(store);
  const entries = new Map(listEntries(store).map((e) => [e.id, e]));
  const versions = game.seats.map((id) => getVersion(store, id) ?? fail(`game ${game.number} seats version ${id}, which the store does not have`));
  const seats = versions.map((v) => seatOf(v, entries.get(v.entry)!.className));
  // The run its seed comes from (host/verify.ts runOfGame's, which the core cannot import).
  let run: string;
  if (game.kind === 'field') run = fieldRunSeed(settings.seed, game.rules);
  else if (game.kind === 'test') run = testRunSeed(settings.seed, game.rules, game.subject ?? fail(`test game ${game.number} has no subject: the test its run names is not known`));
  else {
    const validated = game.subject != null ? getVersion(store, game.subject) : versions.find((v) => v.language !== PORT_LANGUAGE);
    run = smokeRunSeed(settings.seed, game.rules, (validated ?? fail(`smoke game ${game.number}: the version it validated is not known`)).sha256);
  }
  return { job: { run, rules: game.rules, games: [{ seedKey: game.seedKey, seats }], code: {} }, spec: { seedKey: game.seedKey, seats }, versions };
}

function fail(message: string): never {
  throw new HostWatchError(message);
}

/**
 * The watch page of stored game `number`, made again from its seed by `host.watch`. Throws
 * HostWatchError (no such game, no page for its kind or game) or HostWatchRefused (it seats posted answers).
 */
export function storedGameWatchPage(store: Store, host: Pick<HostGame, 'watch'>, number: number, o: { command: string }): WatchPage {
  const settings = getSettings(store);
  const game = getGame(store, number) ?? fail(`no game ${number} is stored (games are numbered from 1)`);
  if (!host.watch) throw new HostWatchError(`${settings.game} games have no watch page yet`);
  const { job, spec, versions } = storedGameJob(store, game);
  const names = boardNames(listEntries(store));
  const made = host.watch(job, spec);
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
