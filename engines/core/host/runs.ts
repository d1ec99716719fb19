/**
 * A stored game as something to play again: the run its seed comes from and its seats — what
 * `koth host verify`, the watch pages and a rule change all need, written once.
 *
 * A field game plays from the field's run of its rules version; a test game from its test's run
 * (its `subject`: the test id); a smoke game from its version's (its `subject`: the version id,
 * whose code hash names the run; games stored before subjects were kept: the one seat that is no
 * house port). seeds.ts names the runs.
 */
import type { CodeSeat, HostJob, HostSeat } from './play.ts';
import { fieldRunSeed, smokeRunSeed, testRunSeed } from './seeds.ts';
import { getCode, getEntry, getSettings, getVersion, type Game, type Store, type Version } from './store.ts';

/** The language of a house port's versions (its code is `port:<name>`). */
export const PORT_LANGUAGE = 'port';

/** A stored game whose run cannot be named (a test or smoke game without its subject). */
export class UnknownRunError extends RangeError {}

/** The run a stored game's seed comes from (see the file's comment). */
export function runOfGame(store: Store, g: Pick<Game, 'number' | 'kind' | 'rules' | 'seats' | 'subject'>, settings = getSettings(store)): string {
  if (g.kind === 'field') return fieldRunSeed(settings.seed, g.rules);
  if (g.kind === 'test') {
    if (g.subject == null) throw new UnknownRunError(`test game ${g.number} has no subject: the test its run names is not known`);
    return testRunSeed(settings.seed, g.rules, g.subject);
  }
  const validated = g.subject != null ? getVersion(store, g.subject) : g.seats.map((id) => getVersion(store, id)).find((v) => v && v.language !== PORT_LANGUAGE);
  if (!validated) throw new UnknownRunError(`smoke game ${g.number}: the version it validated is not known`);
  return smokeRunSeed(settings.seed, g.rules, validated.sha256);
}

/** The seat of a version: a port by its entry's class name, or a posted answer's class with its code's hash and language. */
export function seatOfVersion(store: Store, v: Version): HostSeat {
  const entry = getEntry(store, v.entry)!;
  if (v.language === PORT_LANGUAGE) return entry.className;
  return { sha256: v.sha256, className: entry.className, language: v.language } satisfies CodeSeat;
}

/** A stored or planned game seats a version the store does not have. */
export class UnknownVersionError extends RangeError {}

/**
 * The HostJob of games of one run (version ids seat by seat): each version's seat (a port by
 * name, an answer by its code's hash) and the code of every answer these games seat.
 */
export function hostJobOf(store: Store, run: string, rules: string, games: readonly Pick<Game, 'seedKey' | 'seats'>[]): HostJob {
  const code: Record<string, string> = {};
  const seats = new Map<number, HostSeat>();
  const seatOf = (id: number): HostSeat => {
    let s = seats.get(id);
    if (!s) {
      const v = getVersion(store, id);
      if (!v) throw new UnknownVersionError(`a game seats version ${id}, which the host does not have`);
      s = seatOfVersion(store, v);
      if (typeof s !== 'string') code[s.sha256] = getCode(store, s.sha256)!;
      seats.set(id, s);
    }
    return s;
  };
  return { run, rules, games: games.map((g) => ({ seedKey: g.seedKey, seats: g.seats.map(seatOf) })), code };
}

/** Whether a job seats a posted answer (then it needs the game's sandbox). */
export const seatsAnswers = (job: HostJob): boolean => job.games.some((g) => g.seats.some((s) => typeof s !== 'string'));
