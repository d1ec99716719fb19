/**
 * `koth host`: a living King of the Hill (issue 40, docs/host.md). What a host is, is in
 * engines/core/host/ (the state: store.ts; seeds, results, ratings, the board, the site) and
 * host/ (ingest, validate, a tick, verify). This file is the command line of `init` (makes a
 * host) and `board` (shows it); `tick`, `run` and `verify` are in host-tick.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { UserError } from '../../engines/core/cli/errors.ts';
import { asOfDay, errorRate, finiteNumber, helpFooter, notAnOption, positiveInt } from '../../engines/core/cli/kit.ts';
import { games, findGame, replayKit } from '../../engines/registry.ts';
import { createStore, getSettings, type HostSettings, type Store } from '../../engines/core/host/store.ts';
import { computeBoard, renderBoard } from '../../engines/core/host/board.ts';
import { RateInputError } from '../../engines/core/host/rate.ts';
import { hypothesisProblem } from '../../engines/core/stats/sprt.ts';
import { parseSource, readBotFile, type SeenBot } from '../../host/ingest.ts';
import { addHouseOriginals } from '../../host/validate.ts';
import { registerHostTick } from './host-tick.ts';
import { openHost, opened } from './host-open.ts';
import { boardUnderRules, renderRuleChange, type RuleChange } from '../../host/rules-board.ts';
import { registerHostWatch } from './host-watch.ts';

interface InitOptions {
  game: string;
  source: string;
  rules?: string;
  seed: string;
  house?: string;
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
  allowPrograms?: boolean;
  apiBase?: string;
}

interface BoardOptions {
  json?: boolean;
  asOf?: string;
  without?: string;
  rules?: string;
  resamples: number;
}

const source = (v: string) => {
  try {
    parseSource(v);
  } catch (e) {
    throw new InvalidArgumentError(`${(e as Error).message}.`);
  }
  return v;
};

/** Refuses rules that are not a variant of the game (a game without variants takes any name its default is known by). */
function refuseUnknownRules(game: string, variants: readonly string[], rules: string, end: string): void {
  if (variants.length && !variants.includes(rules)) throw new UserError(`--rules "${rules}" is not a rule variant of ${game}: use one of ${variants.join(', ')}${end}`);
}

/** Closes the store however `fn` ends. */
function using<T>(store: Store, fn: (s: Store) => T): T {
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

/** A `--house` item that is a file (a posted original's code, outside the repository), not a port's name. */
const isHouseFile = (item: string) => item.includes('/') || existsSync(item);

/**
 * The house bots of `--house` given as files of posted originals: each file's bots (the game's
 * extractor reads its classes), checked before anything is made; refused (exit 2) when a file has
 * no bot, cannot be read, or a name is taken twice (by a port of --house or another file).
 */
export async function houseFiles(o: Pick<InitOptions, 'game' | 'house'>): Promise<SeenBot[]> {
  const game = findGame(o.game)!;
  const items = (o.house ? o.house.split(',').map((s) => s.trim()).filter(Boolean) : []).filter(isHouseFile);
  const out: SeenBot[] = [];
  const ports = new Set((o.house ?? '').split(',').map((s) => s.trim()).filter((h) => h && !isHouseFile(h)));
  for (const item of items) {
    let code: string;
    try {
      code = readFileSync(item, 'utf8');
    } catch (e) {
      throw new UserError(`--house: cannot read ${item} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}). Nothing was made.`);
    }
    const seen = await readBotFile(game, basename(item), code);
    if (!seen.bots.length) throw new UserError(`--house: ${item} has no bot (${seen.noBot}). Nothing was made.`);
    for (const b of seen.bots) {
      if (ports.has(b.className) || out.some((x) => x.className === b.className)) throw new UserError(`--house names the bot ${b.className} twice. Nothing was made.`);
      out.push(b);
    }
  }
  return out;
}

/** The settings of `koth host init`, checked against the game (its rules and ports); UserError (exit 2) otherwise. */
export function initSettings(o: InitOptions): HostSettings {
  const game = findGame(o.game);
  if (!game?.engine) throw new UserError(`unknown game "${o.game}": use one of ${games.filter((g) => g.engine).map((g) => g.id).join(', ')}. Nothing was made.`);
  const variants = Object.keys(game.engine.variants ?? {});
  const rules = o.rules ?? game.engine.defaultVariant ?? variants[0] ?? 'original';
  refuseUnknownRules(game.id, variants, rules, '. Nothing was made.');
  const ports = game.engine.ab?.bots() ?? [];
  const house = (o.house ? o.house.split(',').map((s) => s.trim()).filter(Boolean) : []).filter((h) => !isHouseFile(h));
  for (const h of house) {
    if (!ports.includes(h)) throw new UserError(`--house: ${game.id} has no port named "${h}": name ports of ${ports.join(', ')}, or files of posted originals (a path). Nothing was made.`);
  }
  if (new Set(house).size !== house.length) throw new UserError('--house names a port twice: name each once. Nothing was made.');
  if (!(o.elo0 < o.elo1)) throw new UserError(`--elo0 ${o.elo0} must be below --elo1 ${o.elo1}. Nothing was made.`);
  const problem = hypothesisProblem(o.elo0, o.elo1, ['--elo0', '--elo1']);
  if (problem) throw new UserError(`${problem}. Nothing was made.`);
  if (o.apiBase !== undefined && !/^https?:\/\//.test(o.apiBase)) throw new UserError(`--api-base must be an http(s) URL, got "${o.apiBase}". Nothing was made.`);
  return { game: game.id, source: o.source, rules, seed: o.seed, house, elo0: o.elo0, elo1: o.elo1, alpha: o.alpha, beta: o.beta, allowPrograms: o.allowPrograms === true, ...(o.apiBase !== undefined ? { apiBase: o.apiBase } : {}) };
}

export function registerHost(program: Command): void {
  const host = program
    .command('host')
    .description('Host a living King of the Hill: a folder holding the entries, their versions and games (docs/host.md)')
    .addHelpText('after', `\nHost a KotH in two commands: koth host init ./hill --game dice --source dir:./bots, then koth host run ./hill --every 10m (docs/host.md).\n`);

  host
    .command('init')
    .description('Make a host in DIR: one SQLite file (host.db) with its settings')
    .argument('<dir>', 'the host folder (made if missing; refused if it is a host already)')
    .requiredOption('--game <game>', `the game: ${games.filter((g) => g.engine).map((g) => g.id).join(', ')}`, notAnOption('a game'))
    .requiredOption('--source <source>', 'se:QUESTION_ID (a StackExchange question) or dir:PATH (a folder of bots)', source)
    .option('--rules <variant>', "the rules the field plays (default: the game's default variant)", notAnOption('a rule variant'))
    .option('--seed <S>', 'the host seed: every game seed is derived from it (docs/host.md "Seeds")', notAnOption('a seed'), '1')
    .option('--house <A,B,...>', 'bots always in the field: ports by name, or files of posted originals by path (validated in the first tick)', notAnOption('port names or files'))
    .option('--elo0 <elo>', 'SPRT of every new version, H0: better by at most elo0', finiteNumber('Elo'), 0)
    .option('--elo1 <elo>', 'SPRT of every new version, H1: better by at least elo1', finiteNumber('Elo'), 5)
    .option('--alpha <p>', 'SPRT false positive rate', errorRate, 0.05)
    .option('--beta <p>', 'SPRT false negative rate', errorRate, 0.05)
    .option('--allow-programs', 'let answers in languages without a sandbox run (UNSANDBOXED); otherwise they are rejected')
    .option('--api-base <url>', 'se: sources: the StackExchange API to ask (default: KOTH_SE_API, else the real API)', notAnOption('a URL'))
    .addHelpText('after', helpFooter(['koth host init ./hill --game dice --source dir:./bots --house GoToTenBot,OptFor2X']))
    .action(async (dir: string, o: InitOptions) => {
      const settings = initSettings(o);
      const files = await houseFiles(o);
      using(opened(() => createStore(dir, settings)), (store) => addHouseOriginals(store, files));
      const house = [...settings.house, ...files.map((b) => `${b.className} (posted original)`)];
      process.stdout.write(`koth: made a ${settings.game} host in ${dir} (rules ${settings.rules}, seed ${settings.seed}, source ${settings.source}${house.length ? `, house ${house.join(', ')}` : ''})\n`);
    });

  host
    .command('board')
    .description('The board of the host in DIR: every entry with its status, games and Elo interval, and the SPRT tests')
    .argument('<dir>', 'the host folder')
    .option('--json', 'print the board as JSON: { entries: [{ name, answer, author, version, sha256, status, reason?, games, elo, low, high }], tests: [...] }')
    .option('--as-of <date>', 'only the games of ticks finished by then (YYYY-MM-DD, the end of that day UTC, or an ISO timestamp)', asOfDay)
    .option('--without <A,B,...>', 'leave these entries out, with every game they sat in', notAnOption('entry names'))
    .option('--rules <variant>', "the board under other rules: the host's field games replayed under them, with each entry's change (docs/host.md \"A rule change\")", notAnOption('a rule variant'))
    .option('--resamples <n>', 'bootstrap resamples for the intervals', positiveInt, 1000)
    .addHelpText('after', helpFooter(['koth host board ./hill', 'koth host board ./hill --json --without GoToTenBot', 'koth host board ./cup --rules 2026      # each entry under the revised rules']))
    .action(async (dir: string, o: BoardOptions) => {
      const store = openHost(dir);
      try {
        const settings = getSettings(store);
        const without = o.without ? o.without.split(',').map((s) => s.trim()).filter(Boolean) : [];
        const game = findGame(settings.game)!;
        const variants = Object.keys(game.engine?.variants ?? {});
        if (o.rules !== undefined) refuseUnknownRules(settings.game, variants, o.rules, '');
        const options = { ...(o.asOf ? { asOf: o.asOf } : {}), ...(without.length ? { without } : {}), resamples: o.resamples };
        let board;
        let change: RuleChange | undefined;
        try {
          if (o.rules !== undefined && o.rules !== settings.rules) {
            if (!game.engine?.host) throw new UserError(`${game.id} cannot be hosted yet: its games cannot be replayed under other rules`);
            ({ board, change } = await boardUnderRules(store, game, o.rules, { ...options, kit: replayKit() }));
          } else board = computeBoard(store, options);
        } catch (e) {
          // The names of --without not on the board (rate.ts): the user's input; anything else is a bug (exit 70).
          if (e instanceof RateInputError) throw new UserError(e.message);
          throw e;
        }
        if (o.json) {
          process.stdout.write(JSON.stringify(change ? { ...board, ruleChange: change } : board) + '\n');
          return;
        }
        process.stdout.write(`${settings.game} host ${dir}: rules ${board.rules}, seed ${settings.seed}, source ${settings.source}\n`);
        process.stdout.write(renderBoard(board) + '\n');
        if (change) process.stdout.write('\n' + renderRuleChange(change) + '\n');
      } finally {
        store.close();
      }
    });

  registerHostTick(host);
  registerHostWatch(host);
}
