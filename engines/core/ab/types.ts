/** What a game declares for `koth ab` (engines/core/ab); its own file so that game.ts and run.ts import it without a cycle. */
import type { SandboxPool } from '../sandbox/pool.ts';
import type { SandboxRuntime } from '../sandbox/heartbeat.ts';
import type { TrialSpec } from '../runner/trial-spec.ts';
import type { AbAcc, AbOptions } from './pairs.ts';
import type { Entrant } from '../entrants/entrant.ts';

/** What an entrants hook may use of the replay kit (game.ts ReplayKit.sandboxPool; not imported: game.ts imports this file). */
export interface AbKit {
  sandboxPool(game: string, workers: number, o?: { timeoutMs?: number; runtime?: SandboxRuntime }): SandboxPool;
}

/** The user's own bots of one `koth ab` run, opened (checked, compiled, …) before any pair is played. */
export interface AbEntrants {
  /** The names A, B and --field can use besides the ports (an entrant of a port's name takes the port's place: its name is a port's). */
  names: readonly string[];
  /** Plain data every shard is handed (AbOptions.extra): what the game's pairs need to seat them. */
  extra?: unknown;
  /** Sandbox workers every batch runs in (compiled answers), and what their failures mean to the user. */
  sharded?: { sandbox: SandboxPool; sandboxError: (e: unknown) => unknown };
  close(): Promise<void>;
}

/**
 * A game's adapter of the user's own bots in `koth ab` (the kinds it declares in `engine.entrants`
 * besides python, which the core opens): the entrants come checked (engines/core/cli/ab-entrants.ts);
 * it opens them (compiles, starts pools) and says what its pairs are handed.
 */
export interface AbEntrantsAdapter {
  /** What else the game's pairs take, in words (the help, and the message on an unknown bot). */
  help: string;
  /** Opens the entrants; UserError (exit 2) for bad input, nothing run. */
  open(entrants: readonly Entrant[], o: { workers: number; queue?: string | undefined }, kit: AbKit): Promise<AbEntrants>;
}

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
  /**
   * The rule variant to play when --rules is not given, for the ports named (A, B and --field as
   * given): the variant they were written for (camel-up: 2026 for its 2026 house bots' ports), or
   * undefined for the game's default. Every port `bots()` lists plays under any variant; this only
   * picks the default.
   */
  rulesFor?(named: readonly string[]): string | undefined;
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
   * classes (the game's `engine.entrants.python`). engines/<id>/ab.ts then exports the originals'
   * inspect job and plays `extra.python` (the originals' job arguments, sources by content: they
   * travel to queue workers as sha256 references) with every seat a class of the files, as
   * `koth replay <id> --python-bots` seats them. `timeoutMs`: one sandbox call's time limit.
   */
  python?: AbPython;
  /** The user's own bots as A, B or field members (the game's entrants of kinds cpp and program: gun-duel's --cpp-players, --bot-cmd; atomas's --bot-cmd). */
  entrants?: AbEntrantsAdapter;
}

/** A game's --python-bots in koth ab (AbGame.python). */
export interface AbPython {
  timeoutMs?: number;
  /**
   * Pairs per shard when the pairs are played by Python classes (default: the game's `batch`, made for
   * ports): a sandbox batch should still take seconds, so that progress and the live lines move and
   * workers share the work. The outcomes of pair i do not depend on it (pairs.ts).
   */
  batch?: number;
}

/** `AbOptions.extra` of a run with --python-bots: the originals' job arguments (their sources hold each file's text in `code`). */
export interface AbPythonExtra<Args = unknown> {
  python?: Args;
}
