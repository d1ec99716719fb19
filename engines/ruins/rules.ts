/**
 * One game of "Adventurers in the ruins" (question 183101), faithful to ruins.py's Ruins
 * class (Beefster09/pcg-general, HEAD f83740b of 2019-04-22): the same generators drawn in the
 * same order, simultaneous turns, bids, drops, deaths, the final ranking — and, when asked,
 * the very log lines the driver prints (`ruins.py -1 --debug`), trap messages included.
 *
 * Randomness: `Random(seed)` for the ruins; a flavour generator `Random(getrandbits(420))`
 * for names and trap messages; one `Random(getrandbits(744))` per adventurer.
 */
import { PyRandom, type PySeed } from '../core/rng/python-random.ts';
import { RoomState, SeedLater, sumOf, treasure, type Adventurer, type AdventurerClass, type Treasure } from './adventurer.ts';
import { actionRepr, interpretAction, InvalidAction, type Action } from './actions.ts';
import { ControllerCrash, PythonError } from '../core/py/errors.ts';
import { PyFloat, pyIndexOf, pyInt, pyTypeName } from '../core/py/builtins.ts';
import { generateName, trap } from './flavor.ts';

const crash = (m: string) => new ControllerCrash('AttributeError', m);

export class Player {
  room = 1;
  stamina = 1000;
  /** A slot is None (null) only after the driver's index-aliasing bug; see adventurer.ts sumOf. */
  treasures: (Treasure | null)[] = [];
  /** A copy of `treasures` shared by the states handed out until the inventory changes. */
  private view: readonly (Treasure | null)[] | undefined;
  private weight: number | undefined;
  constructor(
    readonly name: string,
    readonly bot: Adventurer,
    readonly botName: string,
  ) {}

  /** The inventory as a state shows it (a copy; call inventoryChanged() after changing `treasures`). */
  inventoryView(freeze: boolean): readonly (Treasure | null)[] {
    if (this.view) return this.view;
    const view = this.treasures.slice();
    return (this.view = freeze ? Object.freeze(view) : view);
  }

  inventoryChanged(): void {
    this.view = undefined;
    this.weight = undefined;
  }

  get carryWeight(): number {
    // Kept until the inventory changes (a failing sum is not kept: it fails again).
    return (this.weight ??= sumOf(this.treasures, 'weight', crash));
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
  /**
   * Freeze the lists the states hand out (tests): a port that changes one then fails loudly.
   * Off otherwise: V8 does not inline indexed loads from frozen arrays (five times slower).
   */
  freezeStates?: boolean;
  /**
   * Called before the first turn and after every turn with the game itself (koth play ruins
   * --report: the watch page reads rooms and adventurers from it; it must change nothing).
   */
  onTurnEnd?: (game: Ruins) => void;
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
  /** The players in dict order (the values of `players`; iterated every turn). */
  /** The adventurers in load order. */
  readonly seats: Player[];
  readonly rooms: (Treasure | null)[][];
  turnNumber = 0;
  complete = false;
  readonly log: LogLine[] = [];
  private treasureNum = 0;
  /** Rooms (0-based) that may hold a None since the last clean-up at the end of a turn. */
  private readonly mayHoldNone = new Set<number>();
  /**
   * roomViews[r]: a copy of rooms[r], shared by every state handed out until the room changes.
   * Python gave each adventurer its own copy of the lists; the states' lists are read-only
   * (`readonly` types; frozen under `freezeStates`, which the goldens run with), so one
   * copy serves them all.
   */
  private readonly roomViews: (readonly (Treasure | null)[] | undefined)[] = [];
  private readonly logging: boolean;
  private readonly onTurnEnd: ((game: Ruins) => void) | undefined;
  private readonly freezeStates: boolean;
  /** The player being asked or whose action is being applied (for a ControllerCrash's `where`). */
  private current: Player | undefined;
  /** The first bidder of the bids being resolved (a crash there is theirs, not `current`'s). */
  private bidder: Player | undefined;
  /**
   * Per-turn scratch lists, reused from turn to turn: only the first `…Count` entries are this
   * turn's (a count set back to 0 costs less than emptying the arrays).
   */
  private readonly askedPlayers: Player[] = [];
  private readonly askedActions: Action[] = [];
  private readonly killPlayers: Player[] = [];
  private readonly killMessages: string[] = [];
  private killCount = 0;
  private readonly bidEntries: BidEntry[] = [];

  constructor(adventurers: readonly AdventurerClass[], seed: PySeed, opts: RuinsOptions = {}) {
    if (!adventurers.length) throw new Error('Ruins needs at least one adventurer (the driver asserts it)');
    this.logging = !!opts.log;
    this.freezeStates = !!opts.freezeStates;
    this.onTurnEnd = opts.onTurnEnd;
    this.random = new PyRandom(seed);
    this.flavor = new PyRandom(this.random.getrandbitsWords(420));
    for (const cls of adventurers) {
      const name = generateName(this.flavor);
      const bot = new cls(name, this.newSeed());
      this.players.set(name, new Player(name, bot, cls.botName));
    }
    this.seats = [...this.players.values()];
    this.rooms = [this.generateRoom(1)];
  }

  private newSeed(): SeedLater {
    return new SeedLater(this.random.getrandbitsWords(744));
  }

  /**
   * Ruins.generate_treasure: weight `max(1, 2d6 - 2)`, value `1d(10·weight) + 2d(5·room + 10)`,
   * each die `randint(1, r)`, which Python 3 draws as `1 + _randbelow(r)` (the game's generator
   * is always a Python 3 one), in this order.
   */
  private generateTreasure(room: number): Treasure {
    const rnd = this.random;
    // The five dice through one call site (the compiler inlines randbelow once, not five times):
    // d6, d6, d(10·weight), d(5·room + 10) twice.
    let weight = 0;
    let value = 3;
    for (let die = 0; die < 5; die++) {
      const roll = rnd.randbelow(die < 2 ? 6 : die === 2 ? 10 * weight : 5 * room + 10);
      if (die < 2) {
        weight += roll;
        if (die === 1) weight = Math.max(1, weight);
      } else {
        value += roll;
      }
    }
    this.treasureNum += 1;
    return treasure(treasureName(this.treasureNum), value, weight);
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
      this.roomChanged(player.room - 1);
      this.gamelog('debug', `${player.name} dropped these items into room ${player.room}:`);
      for (const t of player.treasures) this.gamelog('debug', describe(t));
      player.treasures = [];
      player.inventoryChanged();
    }
  }

  private snapshot(player: Player): RoomState {
    const others: string[] = [];
    const seats = this.seats;
    for (let i = 0; i < seats.length; i++) {
      const other = seats[i]!;
      if (other !== player && other.room === player.room) others.push(other.name);
    }
    const r = player.room - 1;
    let room = this.roomViews[r];
    if (!room) {
      room = this.rooms[r]!.slice();
      this.roomViews[r] = room = this.freezeStates ? Object.freeze(room) : room;
    }
    return new RoomState(player.room, room as readonly Treasure[], others, player.inventoryView(this.freezeStates) as readonly Treasure[], player.stamina);
  }

  /** Room r (0-based) changed: a None may be in it, and the states' copy is stale. */
  private roomChanged(r: number): void {
    this.mayHoldNone.add(r);
    this.roomViews[r] = undefined;
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
    const action = interpretAction(raw);
    if (!(action instanceof InvalidAction)) return action;
    this.errorLine(`Invalid action from ${player}: ${action.message}`);
    return null;
  }

  /** One simultaneous turn (Ruins.turn). A ControllerCrash leaves the game where Python stopped. */
  turn(): void {
    this.turnNumber += 1;
    this.current = undefined;
    this.bidder = undefined;
    try {
      this.playTurn();
    } catch (e) {
      const current = this.current;
      if (e instanceof ControllerCrash && !e.where) e.where = `turn ${this.turnNumber}${current ? `, ${current}` : ''}`;
      throw e;
    }
  }

  /**
   * After a ControllerCrash in a turn: the player whose action the driver could not take (the one
   * asked or applied, or the first bidder of the bids being resolved); `where` names the one the
   * driver was at, as its traceback did. The host fails that player's seat (engines/ruins/host.ts).
   */
  get culprit(): Player | undefined {
    return this.bidder ?? this.current;
  }

  private killLater(player: Player, message: string): void {
    this.killPlayers[this.killCount] = player;
    this.killMessages[this.killCount++] = message;
  }

  private playTurn(): void {
    if (this.logging) this.gamelog('minor', 'Turn', this.turnNumber, 'begins!');
    /**
     * bids[(room, index as returned)], in the order the keys first appeared: Python keys 1,
     * 1.0 and True alike; '1' is another key (see sameIndexKey). A turn has at most one entry
     * per adventurer, so a list searched from the start does what the dict did.
     */
    const bids = this.bidEntries;
    let bidCount = 0;
    let drops: Map<number, (Treasure | null)[]> | undefined;
    const players = this.askedPlayers;
    const actions = this.askedActions;
    let asked = 0;
    this.killCount = 0;
    const seats = this.seats;
    for (let i = 0; i < seats.length; i++) {
      const p = seats[i]!;
      if (!p.active) continue;
      this.current = p;
      players[asked] = p;
      actions[asked++] = this.askPlayer(p);
    }
    for (let a = 0; a < asked; a++) {
      const player = players[a]!;
      const action = actions[a]!;
      this.current = player;
      if (this.logging) this.gamelog('debug', player, actionRepr(action));
      if (action === null) {
        this.killLater(player, `${trap(this.flavor)} (Invalid action.)`);
        continue;
      }
      if (action.kind === 'move') {
        const cost = 10 + Math.ceil(player.carryWeight / 5);
        if (player.stamina >= cost) {
          player.room += action.direction;
          player.stamina -= cost;
          this.ensureRoom(player.room);
          if (player.room > 0) {
            if (player.stamina === 0) this.killLater(player, `collapsed in the doorway to room #${player.room} and died of exhaustion`);
            else if (this.logging) this.gamelog('info', player, `moved into room #${player.room}`);
          } else if (this.logging) {
            this.gamelog(
              'minor',
              player,
              `exited the ruins with ${player.stamina} stamina and ${player.treasures.length} treasures, totaling $${player.totalValue} in value, and ${player.carryWeight}kg in weight.`,
            );
          }
        } else {
          this.killLater(player, 'died of exhaustion');
        }
      } else if (action.kind === 'take') {
        let bid: number;
        try {
          bid = pyInt(action.bid);
        } catch (e) {
          if (e instanceof PythonError && e.pyType === 'ValueError') {
            this.killLater(player, `${trap(this.flavor)} (Non-integer bid)`);
            continue;
          }
          throw e instanceof PythonError ? new ControllerCrash(e.pyType, e.pyMessage) : e;
        }
        const row = this.rooms[player.room - 1]!;
        const index = action.treasure;
        let slot: number | undefined;
        try {
          slot = pyIndexOf(row.length, pyInt(index));
        } catch (e) {
          if (e instanceof PythonError && e.pyType !== 'OverflowError') {
            this.killLater(player, `${trap(this.flavor)} (Non-integer treasure index)`);
            continue;
          }
          throw e instanceof PythonError ? new ControllerCrash(e.pyType, e.pyMessage) : e;
        }
        if (slot === undefined) {
          this.killLater(player, `${trap(this.flavor)} (Invalid treasure index)`);
          continue;
        }
        const target = row[slot]!;
        if (target === null) throw crash("'NoneType' object has no attribute 'weight'");
        if (bid < target.weight) {
          this.killLater(player, `tried to lift ${target.name} but ${trap(this.flavor)} (Bid too low)`);
        } else if (bid > player.stamina) {
          this.killLater(player, `went all out to take ${target.name}, but had a heart attack and collapsed. (Bid too high)`);
        } else if (target.weight + player.carryWeight > 50) {
          this.killLater(player, `${trap(this.flavor)} (Treasure too heavy)`);
        } else {
          let entry: BidEntry | undefined;
          for (let b = 0; b < bidCount; b++) {
            const e = bids[b]!;
            if (e.room === player.room && sameIndexKey(e.index, index)) {
              entry = e;
              break;
            }
          }
          if (!entry) bids[bidCount++] = entry = { room: player.room, index, bids: [] };
          entry.bids.push([bid, player.name]);
          player.stamina -= bid;
        }
      } else {
        // No stamina check: the player is active, so it has at least 1.
        player.stamina -= 1;
        let dropped: Treasure | null | undefined;
        try {
          const j = pyIndexOf(player.treasures.length, pyInt(action.treasure));
          if (j !== undefined) {
            dropped = player.treasures.splice(j, 1)[0];
            player.inventoryChanged();
          }
        } catch (e) {
          if (!(e instanceof PythonError)) throw e;
          if (e.pyType === 'OverflowError') throw new ControllerCrash(e.pyType, e.pyMessage);
        }
        if (dropped === undefined) {
          this.killLater(player, 'was bitten by a venomous spider and died moments later. (Invalid drop)');
        } else {
          drops ??= new Map();
          let list = drops.get(player.room);
          if (!list) drops.set(player.room, (list = []));
          list.push(dropped);
          if (this.logging) this.gamelog('info', player, `Dropped a treasure into room #${player.room}:`, describe(dropped));
        }
      }
    }
    for (let b = 0; b < bidCount; b++) {
      const { room, index, bids: list } = bids[b]!;
      this.bidder = this.players.get(list[0]![1]);
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
        p.inventoryChanged();
        row[slot] = null;
        this.roomChanged(room - 1);
        if (this.logging) this.gamelog('info', p, 'took', describe(t));
      } else if (list.length > 1) {
        sortBidsDescending(list);
        if (list[0]![0] > list[1]![0]) {
          const [, winner] = list.shift()!;
          const p = this.players.get(winner)!;
          p.treasures.push(t);
          p.inventoryChanged();
          row[slot] = null;
          this.roomChanged(room - 1);
          if (this.logging) this.gamelog('info', p, 'fought hard and took', describe(t));
        }
        for (const [, loser] of list) {
          if (t === null) throw crash("'NoneType' object has no attribute 'name'");
          if (this.logging) this.gamelog('info', this.players.get(loser)!, `attempted to take ${t.name}, but was met with resistance.`);
        }
      }
    }
    this.bidder = undefined;
    if (drops) {
      for (const [room, items] of drops) {
        this.rooms[room - 1]!.push(...items);
        this.roomChanged(room - 1);
      }
    }
    // The driver rebuilds every room without its Nones; only rooms a None can have reached
    // since the last time (a treasure taken, a drop, a dead player's items) can change.
    if (this.mayHoldNone.size) {
      for (const r of this.mayHoldNone) {
        const row = this.rooms[r]!;
        if (row.includes(null)) {
          this.rooms[r] = row.filter((t) => t);
          this.roomViews[r] = undefined;
        }
      }
      this.mayHoldNone.clear();
    }
    const killPlayers = this.killPlayers;
    const killMessages = this.killMessages;
    const killCount = this.killCount;
    for (let k = 0; k < killCount; k++) this.kill(killPlayers[k]!, killMessages[k]!);
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
    const seats = this.seats;
    this.onTurnEnd?.(this);
    for (;;) {
      let any = false;
      for (let i = 0; i < seats.length; i++) if (seats[i]!.active) any = true;
      if (!any) break;
      this.turn();
      this.onTurnEnd?.(this);
    }
    this.complete = true;
    this.gamelog('major', 'The game has ended!');
    const scores = this.ranking();
    if (this.logging) {
      this.gamelog('good', scores[0]!.player, 'won the game');
      const rows = scores.map(({ player: p, score }) => [p.botName, p.name, p.alive ? `$${p.totalValue}` : 'DEAD', p.treasures.length, p.carryWeight, p.stamina, score]);
      this.gamelog('score', 'Score for this game:\n' + fallbackTabulate(rows, ['Bot Class', 'Character', 'Money', 'Treasures', 'Weight', 'Stamina', 'Score']));
    }
    return scores;
  }

  /**
   * sorted(players, key=ranking_key, reverse=True) and the scores. Plain loops in a method of
   * its own: the array kinds met here vary from game to game (an empty inventory is another
   * kind of array), and inside runGame they made it deoptimize in one game out of five.
   */
  private ranking(): ScoredPlayer[] {
    const seats = this.seats;
    const keyed: { p: Player; key: number[] }[] = [];
    for (let i = 0; i < seats.length; i++) keyed.push({ p: seats[i]!, key: rankingKey(seats[i]!) });
    // Descending, stable for equal keys (Array.prototype.sort is stable).
    keyed.sort((a, b) => compareKeys(b.key, a.key));
    const n = keyed.length;
    const scores: ScoredPlayer[] = [];
    for (let i = 0; i < n; i++) {
      const p = keyed[i]!.p;
      scores.push({ player: p, score: p.alive && p.treasures.length ? n - i : 0 });
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

const TREASURE_NAMES: string[] = [];
/** `f"Treasure #{n:03d}"`, made once per number for all games. */
function treasureName(n: number): string {
  return (TREASURE_NAMES[n] ??= `Treasure #${String(n).padStart(3, '0')}`);
}

/** An entry of the turn's bids: the (room, index) key and the (bid, name) list. */
interface BidEntry {
  room: number;
  index: unknown;
  bids: [number, string][];
}

/** Equal dict keys in Python (1, 1.0 and True alike; '1' another key); the indices reaching the bids are never NaN. */
function sameIndexKey(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  return indexKey(a) === indexKey(b);
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
  p.inventoryChanged();
  const key = [p.alive ? 1 : 0, p.totalValue, -p.carryWeight, -ts.length];
  for (let i = 0; i < ts.length; i++) key.push(ts[i]!.value);
  return key;
}

/**
 * bidlist.sort(reverse=True) on (bid, name) tuples: descending by bid, then by name (names are
 * unique in a game, so the order is total and any sort gives it). An insertion sort: the lists
 * are a few bids long, and Array.prototype.sort with a comparator cost more than the rest of
 * the bid resolution.
 */
function sortBidsDescending(list: [number, string][]): void {
  for (let i = 1; i < list.length; i++) {
    const x = list[i]!;
    let j = i - 1;
    while (j >= 0 && (list[j]![0] < x[0] || (list[j]![0] === x[0] && list[j]![1] < x[1]))) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = x;
  }
}

/** Python tuple comparison. */
function compareKeys(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return a.length - b.length;
}
