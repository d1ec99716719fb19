/**
 * Step 2 of a tick, Validate (docs/host.md "Validate"): every `validating` version loads in the
 * sandbox of its language and plays a few smoke games before it is ranked. Its game says which
 * languages it seats (HostGame.languages): a version in another is rejected before anything is
 * played, and so is a program (run unsandboxed) on a host made without --allow-programs. A version whose seat
 * fails a smoke game — its code does not load (the Python error), it raises, it makes a move the
 * game cannot follow, it passes the time limit of a call or the memory cap — is `rejected` with
 * that reason; one that plays them all is `active`. Its smoke games, the version and its status
 * are stored in one transaction (Store.step): a tick killed here validates the version again,
 * on the same games, and stores nothing twice.
 *
 * The smoke games are fixed by the host seed, the rules version and the code's sha256 only: game j
 * (0 ≤ j < SMOKE_GAMES) plays pair j of the run `smokeRunSeed(seed, rules, sha256)`
 * (engines/core/host/seeds.ts) and is stored with seed key j and kind `smoke` (the ratings ignore
 * them). Its seats: the version, then the house bots (settings.house) in their order while there
 * are seats, then copies of the version up to the game's least seat count; in game j the
 * version's seat is rotated j places, so it is tried in more than one seat.
 *
 * House bots are entries too (answer `house`, the port's name as class, language `port`, code
 * `port:<name>`), made active when first needed (ensureHouse): a game's seats are versions.
 */
import { hostSandbox } from '../engines/core/host/play.ts';
import { seatOfVersion } from '../engines/core/host/runs.ts';
import { createHash } from 'node:crypto';
import type { GameDescriptor, ReplayKit } from '../engines/core/game.ts';
import { hostLanguages, isProgramLanguage, seatsLanguage, type HostGame } from '../engines/core/host/play.ts';
import { smokeRunSeed } from '../engines/core/host/seeds.ts';
import {
  HOUSE_ANSWER,
  addEvent,
  addVersion,
  getCode,
  getSettings,
  getVersion,
  latestVersion,
  listVersions,
  nextGameNumber,
  recordGames,
  setStatus,
  upsertEntry,
  type Game,
  type Store,
  type Version,
} from '../engines/core/host/store.ts';
import type { SandboxPool } from '../engines/core/sandbox/pool.ts';

/** Smoke games a new version plays. */
export const SMOKE_GAMES = 4;

export { HOUSE_ANSWER };

export interface ValidateOptions {
  kit: Pick<ReplayKit, 'sandboxPool'>;
  /** The tick validating (its games' `tick`, its events'). */
  tick: number;
  /** Smoke games per version (SMOKE_GAMES). */
  games?: number;
  /** The time limit of a call, ms (the game's `host.timeLimitMs` when absent). */
  timeLimitMs?: number;
}

export interface ValidateReport {
  active: number[];
  rejected: { version: number; reason: string }[];
  /** Versions left `validating` (none now: a language the game cannot seat, or a program on a host without --allow-programs, is rejected). */
  waiting: number[];
}

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The house bots' active versions, by name, made when missing (answer `house`, language `port`).
 * A house bot rejected (a port that failed a game under these rules) stays rejected and is left out.
 */
export function ensureHouse(store: Store): Map<string, Version> {
  const out = new Map<string, Version>();
  for (const name of getSettings(store).house) {
    const entry = upsertEntry(store, { answer: HOUSE_ANSWER, className: name, author: '' });
    const code = `port:${name}`;
    let v = latestVersion(store, entry.id);
    if (v?.status === 'rejected' && v.sha256 === sha(code)) continue;
    if (!v || v.sha256 !== sha(code) || v.status !== 'active') {
      v = addVersion(store, { entry: entry.id, sha256: sha(code), code, language: 'port', posted: null, edited: null }, { reopen: true }).version;
      if (v.status !== 'active') setStatus(store, v.id, 'active');
      v = latestVersion(store, entry.id)!;
    }
    out.set(name, v);
  }
  return out;
}

/**
 * House bots that are posted originals (`koth host init --house FILE`): entries of the host
 * (answer `house`), their versions `validating` — the first tick validates them as any answer —
 * and never retired by ingest or tested.
 */
export function addHouseOriginals(store: Store, bots: readonly { className: string; language: string; code: string; sha256: string }[]): void {
  store.step(() => {
    for (const b of bots) {
      const entry = upsertEntry(store, { answer: HOUSE_ANSWER, className: b.className, author: '' });
      addVersion(store, { entry: entry.id, sha256: b.sha256, code: b.code, language: b.language, posted: null, edited: null });
    }
  });
}

/** The seats (version ids) of smoke game j of `v`: v rotated j places among the house bots (or copies of v). */
export function smokeSeats(host: HostGame, v: number, house: readonly number[], j: number): number[] {
  const others = house.slice(0, host.seats.max - 1);
  while (others.length + 1 < host.seats.min) others.push(v);
  const seats = [v, ...others];
  const r = j % seats.length;
  return [...seats.slice(seats.length - r), ...seats.slice(0, seats.length - r)];
}

/** A version language's name in messages. */
function languageName(language: string): string {
  if (language === 'python') return 'Python';
  if (language === 'python2') return 'Python 2';
  if (language === 'cpp') return 'C++';
  if (language === 'program') return 'programs';
  if (isProgramLanguage(language)) return `${language.slice('program:'.length)} programs`;
  return language;
}

/**
 * Why a version in `language` cannot be validated on this host, or undefined when it can: the
 * game does not seat answers in that language (HostGame.languages), or it is a program (run
 * unsandboxed) and the host was not made with --allow-programs.
 */
export function languageRefused(gameId: string, host: HostGame, language: string, allowPrograms: boolean): string | undefined {
  if (!seatsLanguage(host, language)) return `${gameId} cannot seat an answer in ${languageName(language)}: it seats ${hostLanguages(host).map(languageName).join(', ')}`;
  if (isProgramLanguage(language) && !allowPrograms)
    return `a program in ${language === 'program' ? 'a language without a sandbox' : language.replace(/^program:?/, '')} runs only on a host made with --allow-programs (unsandboxed)`;
  return undefined;
}

/** Validates every `validating` version of the store (see the module's comment). */
export async function validate(store: Store, game: GameDescriptor, o: ValidateOptions): Promise<ValidateReport> {
  const report: ValidateReport = { active: [], rejected: [], waiting: [] };
  const todo = listVersions(store, 'validating');
  if (!todo.length) return report;
  const host = game.engine?.host;
  if (!host) throw new Error(`${game.id} cannot be hosted yet (it declares no engine.host)`);
  const settings = getSettings(store);
  const house = [...ensureHouse(store).values()].map((v) => v.id);
  const timeLimitMs = o.timeLimitMs ?? host.timeLimitMs;
  const n = o.games ?? SMOKE_GAMES;
  let pool: SandboxPool | undefined;
  const reject = (v: Version, reason: string, games: Game[]) =>
    store.step(() => {
      recordGames(store, games);
      setStatus(store, v.id, 'rejected', reason);
      addEvent(store, o.tick, 'version-rejected', { version: v.id, entry: v.entry, number: v.number, reason });
      report.rejected.push({ version: v.id, reason });
    });
  try {
    for (const v of todo) {
      const refused = languageRefused(game.id, host, v.language, settings.allowPrograms);
      if (refused !== undefined) {
        reject(v, refused, []);
        continue;
      }
      const code = getCode(store, v.sha256)!;
      const run = smokeRunSeed(settings.seed, settings.rules, v.sha256);
      const seatIds = Array.from({ length: n }, (_, j) => smokeSeats(host, v.id, house, j));
      const versions = new Map<number, Version>([[v.id, v], ...house.map((id) => [id, listVersions(store).find((x) => x.id === id)!] as const)]);
      pool ??= hostSandbox(o.kit, game.id, host, 1, timeLimitMs);
      let number = nextGameNumber(store);
      const games: Game[] = [];
      let failure: string | undefined;
      // One game at a time, stopping at the first failure: a version that loops is not kept for n time limits.
      for (let j = 0; j < n && failure === undefined; j++) {
        const [out] = await host.playGames(
          { run, rules: settings.rules, code: { [v.sha256]: code }, games: [{ seedKey: j, seats: seatIds[j]!.map((id) => seatOfVersion(store, versions.get(id)!)) }] },
          { kit: o.kit, sandbox: pool, timeLimitMs },
        );
        if ('result' in out!) games.push({ number: number++, rules: settings.rules, seedKey: j, seats: seatIds[j]!, result: out.result, kind: 'smoke', tick: o.tick, subject: v.id });
        else {
          const culprit = seatIds[j]![out!.failed.seat]!;
          if (culprit === v.id) failure = `smoke game ${j + 1} of ${n}: ${out!.failed.reason}`;
          else {
            // A house bot failed (a port this rules version cannot play): it is rejected; the version's trial goes on without that game.
            const h = getVersion(store, culprit)!;
            if (h.status !== 'rejected')
              store.step(() => {
                const reason = `smoke game of version ${v.id}: ${out!.failed.reason}`;
                setStatus(store, culprit, 'rejected', reason);
                addEvent(store, o.tick, 'version-rejected', { version: culprit, entry: h.entry, number: h.number, reason });
                report.rejected.push({ version: culprit, reason });
              });
          }
        }
      }
      if (failure !== undefined) reject(v, failure, games);
      else
        store.step(() => {
          recordGames(store, games);
          setStatus(store, v.id, 'active');
          addEvent(store, o.tick, 'version-active', { version: v.id, entry: v.entry, number: v.number, smoke: games.map((g) => g.number) });
          report.active.push(v.id);
        });
    }
  } finally {
    await pool?.destroy();
  }
  return report;
}
