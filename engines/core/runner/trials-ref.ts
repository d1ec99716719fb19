/**
 * Which shardable module of a game a run's shards come from, as one typed value: the game's own
 * trials (engines/<id>/trials.ts), its paired A/B games (`koth ab`: engines/<id>/ab.ts), its own
 * trials played as rule A/B pairs (--compare-rules: the worker wraps them with the module's
 * `ruleOutcomes`, ab/rule-trials.ts), or a batch of its hosted games (`koth host tick --queue`:
 * engines/wiring/<id>-host.ts, host/trials.ts). The registry's `trialsModuleOf` turns a reference into the
 * module a worker imports; the two written forms are made and read only here:
 *
 *  - the key (`trialsKey`/`parseTrialsKey`): `dice`, `dice:ab`, `dice:rules`, `dice:host`. A run's identity,
 *    a queued job's `game` and a checkpoint's identity hold it, written so since the queue and
 *    checkpoints began: a checkpoint or a queued job of an earlier koth reads the same.
 *  - the worker module (`workerModuleOf`/`readWorkerModule`): the module's URL, marked `#rules`
 *    when its trials are played as rule pairs, so a module stays one string in a thread task, a
 *    sandbox pool's module list and a sandbox task.
 */

export type TrialsKind = 'trials' | 'ab' | 'rules' | 'host';

export interface TrialsRef {
  readonly game: string;
  readonly kind: TrialsKind;
}

export const trialsRef = (game: string, kind: TrialsKind = 'trials'): TrialsRef => ({ game, kind });

/** The reference as a run's identity, a queued job and a checkpoint write it. */
export function trialsKey(ref: TrialsRef): string {
  return ref.kind === 'trials' ? ref.game : `${ref.game}:${ref.kind}`;
}

/** A key read back (a job's `game`, a run's): a game id alone is its own trials. */
export function parseTrialsKey(key: string): TrialsRef {
  const m = /^(.+):(ab|rules|host)$/.exec(key);
  return m ? trialsRef(m[1]!, m[2] as TrialsKind) : trialsRef(key);
}

const RULE_PAIRS = '#rules';

/** The module a worker is handed for a trials module at `url` (a path or file: URL) played as `kind`. */
export function workerModuleOf(url: string, kind: TrialsKind): string {
  return kind === 'rules' ? `${url}${RULE_PAIRS}` : url;
}

/** What a worker does with a module it is handed: the file to import, and whether it plays that module's trials as rule A/B pairs. */
export function readWorkerModule(module: string): { file: string; rulePairs: boolean } {
  return module.endsWith(RULE_PAIRS) ? { file: module.slice(0, -RULE_PAIRS.length), rulePairs: true } : { file: module, rulePairs: false };
}
