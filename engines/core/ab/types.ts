/** What a game declares for `koth ab` (engines/core/ab); its own file so that game.ts and run.ts import it without a cycle. */
import type { TrialSpec } from '../runner/trial-spec.ts';
import type { AbAcc, AbOptions } from './pairs.ts';

/** What a game declares for `koth ab` (its descriptor's `engine.ab`): data, and where its pairs run (engines/<id>/ab.ts). */
export interface AbGame {
  /** How the two games of a pair are made the same, in words (help, README). */
  pairs: string;
  /** What a and b are (a game's result of the candidate's / baseline's seat), in words. */
  score: string;
  /** The bots A, B and the field can name (ports by name). */
  bots(): readonly string[];
  /** The default field (the game's default pool), for a rule variant. */
  field(rules?: string): string[];
  /** Opponents needed at least (dice: 1, …); 0 for solo games (the field is unused). */
  minField: number;
  /** Pairs per shard (a shard should take a fraction of a second). */
  batch: number;
  /** The game's pairs as shards (engines/<id>/ab.ts's `trials`: `pairTrials(...)`); workers load the same module (`<id>:ab`). */
  trials: TrialSpec<AbOptions, AbAcc>;
  /** Said when a bot is not known: what else works (e.g. --python-bots, --bot-cmd). */
  botHint?: string;
  /**
   * `koth ab <id> --python-bots FILES`: the game's pairs can be played by its original Python
   * classes (the game's `engine.originals`). engines/<id>/ab.ts then exports the originals'
   * inspect job and plays `extra.python` (the originals' job arguments, sources by content: they
   * travel to queue workers as sha256 references) with every seat a class of the files, as
   * `koth replay <id> --python-bots` seats them. `timeoutMs`: one sandbox call's time limit.
   */
  python?: AbPython;
}

/** A game's --python-bots in koth ab (AbGame.python). */
export interface AbPython {
  timeoutMs?: number;
}

/** `AbOptions.extra` of a run with --python-bots: the originals' job arguments (their sources hold each file's text in `code`). */
export interface AbPythonExtra<Args = unknown> {
  python?: Args;
}
