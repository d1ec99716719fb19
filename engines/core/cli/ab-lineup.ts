/**
 * Who plays a `koth ab <game>` run, and under which rules: --candidate, --baseline and --field
 * resolved against the bots the run can seat (the game's ports, its users' bots, or the classes
 * of --python-bots files), and --rules against the game's variants. One function each, so that
 * every port the registry lists is checked to be a valid A, B and field entry in every game
 * (test/ab-lineup.test.ts), not only where the command happens to be run.
 */
import type { GameDescriptor } from '../game.ts';
import { didYouMean } from './suggest.ts';
import { UserError } from './errors.ts';

const NOTHING_RUN = ' Nothing was run.';

/** What the command line names (the values of koth ab's options). */
export interface AbNames {
  candidate: string;
  baseline: string;
  /** --field, as given (comma-separated). */
  field?: string | undefined;
}

/** The names of --field, as given (refused: an empty entry). */
function fieldNames(text: string): string[] {
  const field = text.split(',').map((x) => x.trim());
  if (field.some((n) => !n)) throw new UserError(`--field "${text}" has an empty entry: separate bot names with single commas.${NOTHING_RUN}`);
  return field;
}

/**
 * The rule variant of the run: --rules (one of the game's variants), else the one the named ports
 * were written for (`AbGame.rulesFor`: camel-up's 2026 house bots play camelup.py 2026), else the
 * game's default. With --python-bots the names are classes of files, not ports: --rules or the default.
 */
export function abRules(game: GameDescriptor, o: AbNames & { rules?: string | undefined }, python: boolean): string | undefined {
  const variants = Object.keys(game.engine!.variants ?? {});
  if (o.rules !== undefined) {
    if (!variants.includes(o.rules)) {
      throw new UserError(variants.length ? `--rules "${o.rules}" is not a rule variant of ${game.id}: use one of ${variants.join(', ')}.${NOTHING_RUN}` : `${game.id} has no rule variants: leave --rules out.${NOTHING_RUN}`);
    }
    return o.rules;
  }
  const rulesFor = python ? undefined : game.engine!.ab!.rulesFor;
  // The field's names as given (abOpponents refuses what is wrong with them).
  const named = [o.candidate, o.baseline, ...(o.field ?? '').split(',').map((x) => x.trim())];
  return rulesFor?.(named) ?? game.engine!.defaultVariant;
}

/**
 * The opponents of a run (the field without A and B), every name checked: A, B and the field are
 * among `known` (the game's ports and the user's bots, or with `python` the classes of the files);
 * the default field is the game's (`AbGame.field(rules)`) or every class of the files.
 */
export function abOpponents(game: GameDescriptor, o: AbNames, rules: string | undefined, run: { known: readonly string[]; python?: boolean; mine?: boolean }): string[] {
  const ab = game.engine!.ab!;
  const known = new Set(run.known);
  const unknown = (n: string) =>
    run.python
      ? `"${n}" is not a class of the --python-bots files (${run.known.join(', ')}): with --python-bots, A, B and the field are classes of the files.${NOTHING_RUN}`
      : `no ${game.id} ${run.mine ? 'port or bot of your own' : 'port'} named "${n}"${didYouMean(n, [...known])}: name one of ${[...known].join(', ')}${ab.botHint ? ` (${ab.botHint})` : ''}.${NOTHING_RUN}`;
  for (const n of [o.candidate, o.baseline]) if (!known.has(n)) throw new UserError(unknown(n));
  let field = run.python ? [...run.known] : ab.field(rules);
  if (o.field !== undefined) {
    if (ab.minField === 0) throw new UserError(`--field: ${game.id} is a solo game here (A's and B's scores are compared in each pair), so there is no field: leave --field out.${NOTHING_RUN}`);
    field = fieldNames(o.field);
    for (const n of field) if (!known.has(n)) throw new UserError(unknown(n));
    if (new Set(field).size !== field.length) throw new UserError(`--field names a bot twice: each opponent is one entry.${NOTHING_RUN}`);
  }
  const opponents = field.filter((n) => n !== o.candidate && n !== o.baseline);
  if (opponents.length < ab.minField) {
    throw new UserError(`a ${game.id} pair needs at least ${ab.minField} opponent(s) besides A and B; the field has ${opponents.length}: name more with --field${run.python ? ' (classes of the files)' : ''}.${NOTHING_RUN}`);
  }
  return opponents;
}
