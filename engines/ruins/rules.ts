/**
 * One game of "Adventurers in the ruins" (question 183127), faithful to ruins.py's Ruins
 * class (Beefster09/pcg-general, HEAD f83740b of 2019-04-22): the same generators drawn in the
 * same order, simultaneous turns, bids, drops, deaths, the final ranking — and, when asked,
 * the very log lines the driver prints (`ruins.py -1 --debug`), trap messages included.
 *
 * Randomness: `Random(seed)` for the ruins; a flavour generator `Random(getrandbits(420))`
 * for names and trap messages; one `Random(getrandbits(744))` per adventurer.
 */
import { PyRandom, type PySeed } from '../core/rng/python-random.ts';
import { RoomState, SeedLater, sumOf, treasure, type Adventurer, type AdventurerClass, type Treasure } from './adventurer.ts';
import { actionRepr, interpretAction, type Action } from './actions.ts';
import { ControllerCrash, PythonError } from '../core/py/errors.ts';
import { PyFloat, pyIndexOf, pyInt, pyTypeName } from '../core/py/builtins.ts';
import { generateName, trap } from './flavor.ts';

const crash = (m: string) => new ControllerCrash('AttributeError', m);

export class Player {
  room = 1;
  stamina = 1000;
  /** A slot is None (null) only after the driver's index-aliasing bug; see adventurer.ts sumOf. */
  treasures: (Treasure | null)[] = [];
  constructor(
    readonly name: string,
    readonly bot: Adventurer,
    readonly botName: string,
  ) {}

  get carryWeight(): number {
    return sumOf(this.treasures, 'weight', crash);
  }

  get totalValue(): number {
    return sumOf(this.treasures, 'value', crash);
  }

  /** Still in the ruins and able to act. */
  get active(): boolean {
    return this.stamina > 0 && this.room > 0;
  }

  /** Not dead (an adventurer who left the ruins is alive whatever its stamina). */
  get alive(): boolean {
    return this.stamina > 0 || this.room === 0;
  }

  /** Python's str(player). */
  toString(): string {
    return `${this.name} (${this.botName})`;
  }
}

/** ruins.py's message types (MSG_COLORS keys used by a game). */
export type MsgType = 'major' | 'minor' | 'good' | 'bad' | 'info' | 'debug' | 'score' | 'error';

/** One print of the driver: `text` is exactly what it writes (may hold newlines), colours aside. */
export interface LogLine {
  type: MsgType;
  text: string;
}

export interface ScoredPlayer {
  player: Player;
  score: number;
}

/** A row of the driver's score table for one game (money is null for the dead). */
export interface ScoreRow {
  bot: string;
  character: string;
  money: number | null;
  treasures: number;
  weight: number;
  stamina: number;
  score: number;
}

export function scoreRows(scored: readonly ScoredPlayer[]): ScoreRow[] {
  return scored.map(({ player, score }) => ({
    bot: player.botName,
    character: player.name,
    money: player.alive ? player.totalValue : null,
    treasures: player.treasures.length,
    weight: player.carryWeight,
    stamina: player.stamina,
    score,
  }));
}

export interface RuinsOptions {
  /** Record the driver's log (koth play ruins --log); off in tournaments. */
  log?: boolean;
}

function describe(t: Treasure | null): string {
  return t === null ? 'None' : `${t.name} ($${t.value}, ${t.weight}kg)`;
}

/** ruins.py's tabulate fallback (tabulate is not a dependency of the driver's core). */
export function fallbackTabulate(rows: (string | number)[][], headers: string[]): string {
  const len = (v: string | number) => [...String(v)].length;
  const sizes = headers.map((_, i) => Math.max(...[...rows, headers].map((r) => len(r[i]!) + 1)));
  const line = (row: (string | number)[], sep = '|', blank = ' ') => row.map((v, i) => String(v) + blank.repeat(sizes[i]! - len(v))).join(sep);
  return [line(headers), line(sizes.map(() => ''), '+', '-'), ...rows.map((r) => line(r))].join('\n') + '\n';
}

export class Ruins {
  readonly random: PyRandom;
  readonly flavor: PyRandom;
  /** Python dict keyed by character name: a duplicate name replaces the earlier player in place. */
  readonly players = new Map<string, Player>();
  readonly rooms: (Treasure | null)[][];
  turnNumber = 0;
  complete = false;
  readonly log: LogLine[] = [];
  private treasureNum = 0;
  /** Rooms (0-based) that may hold a None since the last clean-up at the end of a turn. */
  private readonly mayHoldNone = new Set<number>();
  private readonly logging: boolean;

  constructor(adventurers: readonly AdventurerClass[], seed: PySeed, opts: RuinsOptions = {}) {
    if (!adventurers.length) throw new Error('Ruins needs at least one adventurer (the driver asserts it)');
    this.logging = !!opts.log;
    this.random = new PyRandom(seed);
    this.flavor = new PyRandom(this.random.getrandbits(420));
    for (const cls of adventurers) {
      const name = generateName(this.flavor);
      const bot = new cls(name, this.newSeed());
      this.players.set(name, new Player(name, bot, cls.botName));
    }
    this.rooms = [this.generateRoom(1)];
  }

  private newSeed(): SeedLater {
    return new SeedLater(this.random.getrandbits(744));
  }

  /** Sum of n rolls of randint(1, r) (Python 3: 1 + _randbelow(r), as PyRandom.randint draws it). */
  private ndr(n: number, r: number): number {
    const rnd = this.random;
    let s = 0;
    for (let i = 0; i < n; i++) s += rnd.python2 ? (rnd.randint(1, r) as number) : 1 + rnd.randbelow(r);
    return s;
  }

  private generateTreasure(room: number): Treasure {
    const weight = Math.max(1, this.ndr(2, 6) - 2);
    const value = this.ndr(1, 10 * weight) + this.ndr(2, 5 * room + 10);
    this.treasureNum += 1;
    return treasure(`Treasure #${String(this.treasureNum).padStart(3, '0')}`, value, weight);
  }

  private generateRoom(room: number): Treasure[] {
    const n = this.random.randint(Math.floor(room / 3) + 3, Math.floor(room / 2) + 5) as number;
    const out: Treasure[] = [];
    for (let i = 0; i < n; i++) out.push(this.generateTreasure(room));
    return out;
  }

  private ensureRoom(room: number): void {
    while (this.rooms.length < room) this.rooms.push(this.generateRoom(this.rooms.length + 1));
  }

  /** Ruins.gamelog: `[prefix] ` and the parts joined by spaces, as print() does. */
  private gamelog(type: MsgType, ...parts: (string | number | Player | null)[]): void {
    if (!this.logging) return;
    const prefix = this.complete ? 'Game End' : this.turnNumber === 0 ? 'Pregame' : `Turn ${String(this.turnNumber).padStart(3, '0')}`;
    this.log.push({ type, text: [`[${prefix}]`, ...parts.map((p) => (p === null ? 'None' : String(p)))].join(' ') });
  }

  /** The driver's exception(message): the message alone on stdout (the traceback goes to stderr). */
  private errorLine(message: string): void {
    if (this.logging) this.log.push({ type: 'error', text: message });
  }

  kill(player: Player, message: string): void {
    this.gamelog('bad', player, message);
    player.stamina = 0;
    if (player.treasures.length) {
      this.rooms[player.room - 1]!.push(...player.treasures);
      this.mayHoldNone.add(player.room - 1);
      this.gamelog('debug', `${player.name} dropped these items into room ${player.room}:`);
      for (const t of player.treasures) this.gamelog('debug', describe(t));
      player.treasures = [];
    }
  }

  private snapshot(player: Player): RoomState {
    const others: string[] = [];
    for (const other of this.players.values()) if (other !== player && other.room === player.room) others.push(other.name);
    return new RoomState(player.room, this.rooms[player.room - 1]!.slice() as Treasure[], others, player.treasures.slice() as Treasure[], player.stamina);
  }

  /**
   * Player.get_action. An exception thrown by the bot is caught (`except Exception`): the
   * driver prints "Exception from <player>: <message>" and the action is None, so the
   * adventurer is killed by a trap ("(Invalid action.)") — a port that throws is treated the same.
   */
  private askPlayer(player: Player): Action {
    let raw: unknown;
    try {
      raw = player.bot.getAction(this.snapshot(player));
    } catch (e) {
      if (e instanceof ControllerCrash) throw e;
      this.errorLine(`Exception from ${player}: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
    const { action, invalid } = interpretAction(raw);
    if (invalid !== undefined) this.errorLine(`Invalid action from ${player}: ${invalid}`);
    return action;
  }

  /** One simultaneous turn (Ruins.turn). A ControllerCrash leaves the game where Python stopped. */
  turn(): void {
    this.turnNumber += 1;
    let current: Player | undefined;
    try {
      this.playTurn((p) => (current = p));
    } catch (e) {
      if (e instanceof ControllerCrash && !e.where) e.where = `turn ${this.turnNumber}${current ? `, ${current}` : ''}`;
      throw e;
    }
  }

  private playTurn(at: (p: Player) => void): void {
    this.gamelog('minor', 'Turn', this.turnNumber, 'begins!');
    /** bids[(room, index as returned)]: Python keys 1, 1.0 and True alike; '1' is another key. */
    const bids = new Map<string, { room: number; index: unknown; bids: [number, string][] }>();
    const drops = new Map<number, (Treasure | null)[]>();
    const killLater: [Player, string][] = [];
    const actions: [Player, Action][] = [];
    for (const p of this.players.values()) {
      if (!p.active) continue;
      at(p);
      actions.push([p, this.askPlayer(p)]);
    }
    for (const [player, action] of actions) {
      at(player);
      if (this.logging) this.gamelog('debug', player, actionRepr(action));
      if (action === null) {
        killLater.push([player, `${trap(this.flavor)} (Invalid action.)`]);
        continue;
      }
      if (action.kind === 'move') {
        const cost = 10 + Math.ceil(player.carryWeight / 5);
        if (player.stamina >= cost) {
          player.room += action.direction;
          player.stamina -= cost;
          this.ensureRoom(player.room);
          if (player.room > 0) {
            if (player.stamina === 0) killLater.push([player, `collapsed in the doorway to room #${player.room} and died of exhaustion`]);
            else if (this.logging) this.gamelog('info', player, `moved into room #${player.room}`);
          } else if (this.logging) {
            this.gamelog(
              'minor',
              player,
              `exited the ruins with ${player.stamina} stamina and ${player.treasures.length} treasures, totaling $${player.totalValue} in value, and ${player.carryWeight}kg in weight.`,
            );
          }
        } else {
          killLater.push([player, 'died of exhaustion']);
        }
      } else if (action.kind === 'take') {
        let bid: number;
        try {
          bid = pyInt(action.bid);
        } catch (e) {
          if (e instanceof PythonError && e.pyType === 'ValueError') {
            killLater.push([player, `${trap(this.flavor)} (Non-integer bid)`]);
            continue;
          }
          throw e instanceof PythonError ? new ControllerCrash(e.pyType, e.pyMessage) : e;
        }
        const row = this.rooms[player.room - 1]!;
        let slot: number | undefined;
        try {
          slot = pyIndexOf(row.length, pyInt(action.treasure));
        } catch (e) {
          if (e instanceof PythonError && e.pyType !== 'OverflowError') {
            killLater.push([player, `${trap(this.flavor)} (Non-integer treasure index)`]);
            continue;
          }
          throw e instanceof PythonError ? new ControllerCrash(e.pyType, e.pyMessage) : e;
        }
        if (slot === undefined) {
          killLater.push([player, `${trap(this.flavor)} (Invalid treasure index)`]);
          continue;
        }
        const target = row[slot]!;
        if (target === null) throw crash("'NoneType' object has no attribute 'weight'");
        if (bid < target.weight) {
          killLater.push([player, `tried to lift ${target.name} but ${trap(this.flavor)} (Bid too low)`]);
        } else if (bid > player.stamina) {
          killLater.push([player, `went all out to take ${target.name}, but had a heart attack and collapsed. (Bid too high)`]);
        } else if (target.weight + player.carryWeight > 50) {
          killLater.push([player, `${trap(this.flavor)} (Treasure too heavy)`]);
        } else {
          const key = `${player.room}|${indexKey(action.treasure)}`;
          let entry = bids.get(key);
          if (!entry) bids.set(key, (entry = { room: player.room, index: action.treasure, bids: [] }));
          entry.bids.push([bid, player.name]);
          player.stamina -= bid;
        }
      } else {
        // No stamina check: the player is active, so it has at least 1.
        player.stamina -= 1;
        let dropped: Treasure | null | undefined;
        try {
          const j = pyIndexOf(player.treasures.length, pyInt(action.treasure));
          if (j !== undefined) dropped = player.treasures.splice(j, 1)[0];
        } catch (e) {
          if (!(e instanceof PythonError)) throw e;
          if (e.pyType === 'OverflowError') throw new ControllerCrash(e.pyType, e.pyMessage);
        }
        if (dropped === undefined) {
          killLater.push([player, 'was bitten by a venomous spider and died moments later. (Invalid drop)']);
        } else {
          let list = drops.get(player.room);
          if (!list) drops.set(player.room, (list = []));
          list.push(dropped);
          if (this.logging) this.gamelog('info', player, `Dropped a treasure into room #${player.room}:`, describe(dropped));
        }
      }
    }
    for (const { room, index, bids: list } of bids.values()) {
      const row = this.rooms[room - 1]!;
      // `self.rooms[room - 1][index]` with the index as returned: only ints (and bools) index a list.
      if (typeof index !== 'boolean' && typeof index !== 'bigint' && !(typeof index === 'number' && Number.isInteger(index))) {
        throw new ControllerCrash('TypeError', `list indices must be integers or slices, not ${pyTypeName(index)}`);
      }
      const slot = pyIndexOf(row.length, pyInt(index))!;
      const t = row[slot]!;
      if (list.length === 1) {
        const p = this.players.get(list[0]![1])!;
        p.treasures.push(t);
        row[slot] = null;
        this.mayHoldNone.add(room - 1);
        if (this.logging) this.gamelog('info', p, 'took', describe(t));
      } else if (list.length > 1) {
        // bidlist.sort(reverse=True): (bid, name) tuples, descending.
        list.sort((a, b) => (b[0] !== a[0] ? b[0] - a[0] : b[1] < a[1] ? -1 : b[1] > a[1] ? 1 : 0));
        if (list[0]![0] > list[1]![0]) {
          const [, winner] = list.shift()!;
          const p = this.players.get(winner)!;
          p.treasures.push(t);
          row[slot] = null;
          this.mayHoldNone.add(room - 1);
          if (this.logging) this.gamelog('info', p, 'fought hard and took', describe(t));
        }
        for (const [, loser] of list) {
          if (t === null) throw crash("'NoneType' object has no attribute 'name'");
          if (this.logging) this.gamelog('info', this.players.get(loser)!, `attempted to take ${t.name}, but was met with resistance.`);
        }
      }
    }
    for (const [room, items] of drops) {
      this.rooms[room - 1]!.push(...items);
      this.mayHoldNone.add(room - 1);
    }
    // The driver rebuilds every room without its Nones; only rooms a None can have reached
    // since the last time (a treasure taken, a drop, a dead player's items) can change.
    for (const r of this.mayHoldNone) {
      const row = this.rooms[r]!;
      if (row.includes(null)) this.rooms[r] = row.filter((t) => t);
    }
    this.mayHoldNone.clear();
    for (const [player, message] of killLater) this.kill(player, message);
  }

  /** Ruins.run_game: the game to its end, then the ranking and scores. */
  runGame(): ScoredPlayer[] {
    this.gamelog('major', 'A new game begins!');
    this.gamelog('info', 'Competitors:');
    for (const p of this.players.values()) {
      this.gamelog('info', `* ${p}`);
      try {
        p.bot.enterRuins();
      } catch (e) {
        if (e instanceof ControllerCrash) throw e;
        // The driver prints str(bot), a Python object address: `<module.Class object at 0x…>`.
        this.errorLine(`Failure to initialize <${p.botName} object>`);
        this.kill(p, 'is dead on arrival.');
      }
    }
    for (;;) {
      let any = false;
      for (const p of this.players.values()) if (p.active) any = true;
      if (!any) break;
      this.turn();
    }
    this.complete = true;
    this.gamelog('major', 'The game has ended!');
    const keyed = [...this.players.values()].map((p) => ({ p, key: rankingKey(p) }));
    // sorted(..., key=ranking_key, reverse=True): descending, stable for equal keys.
    keyed.sort((a, b) => compareKeys(b.key, a.key));
    const n = keyed.length;
    const scores = keyed.map(({ p }, i) => ({ player: p, score: p.alive && p.treasures.length ? n - i : 0 }));
    this.gamelog('good', scores[0]!.player, 'won the game');
    if (this.logging) {
      const rows = scores.map(({ player: p, score }) => [p.botName, p.name, p.alive ? `$${p.totalValue}` : 'DEAD', p.treasures.length, p.carryWeight, p.stamina, score]);
      this.gamelog('score', 'Score for this game:\n' + fallbackTabulate(rows, ['Bot Class', 'Character', 'Money', 'Treasures', 'Weight', 'Stamina', 'Score']));
    }
    return scores;
  }

  /** The log as ruins.py prints it; `debug` adds the lines only `--debug` shows. */
  logText(debug = false): string {
    return this.log
      .filter((l) => debug || l.type !== 'debug')
      .map((l) => l.text + '\n')
      .join('');
  }
}

function indexKey(x: unknown): string {
  if (typeof x === 'boolean') return `n:${x ? 1 : 0}`;
  if (x instanceof PyFloat) return `n:${String(x.value)}`;
  if (typeof x === 'number' || typeof x === 'bigint') return `n:${String(x)}`;
  if (typeof x === 'string') return `s:${x}`;
  return `o:${String(x)}`;
}

/** ranking_key: sorts the player's treasures by value (descending, in place) and returns the key tuple. */
function rankingKey(p: Player): number[] {
  const ts = p.treasures as Treasure[];
  ts.sort((a, b) => b.value - a.value);
  return [p.alive ? 1 : 0, p.totalValue, -p.carryWeight, -ts.length, ...ts.map((t) => t.value)];
}

/** Python tuple comparison. */
function compareKeys(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return a.length - b.length;
}
