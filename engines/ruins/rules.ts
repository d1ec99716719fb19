/**
 * One game of "Adventurers in the ruins" (question 183127), faithful to ruins.py's Ruins
 * class (Beefster09/pcg-general, HEAD 2019-04-22): the same generators drawn in the same
 * order, simultaneous turns, bids, drops, deaths and the final ranking.
 *
 * Randomness: `Random(seed)` for the ruins; a flavour generator `Random(getrandbits(420))`
 * for names and trap messages; one `Random(getrandbits(744))` per adventurer.
 */
import { PyRandom, type PySeed } from '../core/rng/python-random.ts';
import { RoomState, treasure, type Adventurer, type AdventurerClass, type Treasure } from './adventurer.ts';
import { DriverCrash, interpretAction, pyIndex, pyInt, PyIntError, type Action } from './actions.ts';
import { generateName, trap } from './flavor.ts';

/**
 * A held treasure. The driver could hand a player None (two bids on one treasure under
 * different index keys, e.g. -1 and 4): reading it then raised AttributeError outside any try.
 */
function held(t: Treasure | null): Treasure {
  if (t === null) throw new DriverCrash('AttributeError', "'NoneType' object has no attribute 'weight'");
  return t;
}

export class Player {
  room = 1;
  stamina = 1000;
  /** May hold null, as the driver's list could hold None (see held()). */
  treasures: (Treasure | null)[] = [];
  constructor(
    readonly name: string,
    readonly bot: Adventurer,
    readonly botName: string,
  ) {}

  get carryWeight(): number {
    let w = 0;
    for (const t of this.treasures) w += held(t).weight;
    return w;
  }

  get totalValue(): number {
    let v = 0;
    for (const t of this.treasures) v += held(t).value;
    return v;
  }

  /** Still in the ruins and able to act. */
  get active(): boolean {
    return this.stamina > 0 && this.room > 0;
  }

  /** Not dead (an adventurer who left the ruins is alive whatever its stamina). */
  get alive(): boolean {
    return this.stamina > 0 || this.room === 0;
  }
}

export interface GameEvent {
  turn: number;
  player?: string;
  bot?: string;
  text: string;
  kind: 'info' | 'bad' | 'minor' | 'error';
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
  /** Collect a readable game log (koth play ruins). */
  log?: boolean;
}

export class Ruins {
  readonly random: PyRandom;
  readonly flavor: PyRandom;
  /** Python dict keyed by character name: a duplicate name replaces the earlier player in place. */
  readonly players = new Map<string, Player>();
  readonly rooms: (Treasure | null)[][];
  turnNumber = 0;
  complete = false;
  readonly events: GameEvent[] = [];
  private treasureNum = 0;
  private readonly logging: boolean;

  constructor(adventurers: readonly AdventurerClass[], seed: PySeed, opts: RuinsOptions = {}) {
    if (!adventurers.length) throw new Error('Ruins needs at least one adventurer');
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

  private newSeed(): PyRandom {
    return new PyRandom(this.random.getrandbits(744));
  }

  private ndr(n: number, r: number): number {
    let s = 0;
    for (let i = 0; i < n; i++) s += this.random.randint(1, r);
    return s;
  }

  private generateTreasure(room: number): Treasure {
    const weight = Math.max(1, this.ndr(2, 6) - 2);
    const value = this.ndr(1, 10 * weight) + this.ndr(2, 5 * room + 10);
    this.treasureNum += 1;
    return treasure(`Treasure #${String(this.treasureNum).padStart(3, '0')}`, value, weight);
  }

  private generateRoom(room: number): Treasure[] {
    const n = this.random.randint(Math.floor(room / 3) + 3, Math.floor(room / 2) + 5);
    const out: Treasure[] = [];
    for (let i = 0; i < n; i++) out.push(this.generateTreasure(room));
    return out;
  }

  private ensureRoom(room: number): void {
    while (this.rooms.length < room) this.rooms.push(this.generateRoom(this.rooms.length + 1));
  }

  private log(text: string, kind: GameEvent['kind'] = 'info', player?: Player): void {
    if (!this.logging) return;
    this.events.push({ turn: this.turnNumber, text, kind, ...(player ? { player: player.name, bot: player.botName } : {}) });
  }

  kill(player: Player, message: string): void {
    this.log(message, 'bad', player);
    player.stamina = 0;
    if (player.treasures.length) {
      this.rooms[player.room - 1]!.push(...player.treasures);
      player.treasures = [];
    }
  }

  private snapshot(player: Player): RoomState {
    const others: string[] = [];
    for (const other of this.players.values()) if (other !== player && other.room === player.room) others.push(other.name);
    // Python hands the lists over as they are (None entries included).
    return new RoomState(player.room, this.rooms[player.room - 1]!.slice() as Treasure[], others, player.treasures.slice() as Treasure[], player.stamina);
  }

  /** Player.get_action: the bot's answer; an exception in the bot is caught (→ None). */
  private askPlayer(player: Player): Action {
    let raw: unknown;
    try {
      raw = player.bot.getAction(this.snapshot(player));
    } catch (e) {
      this.log(`Exception from ${player.name} (${player.botName}): ${(e as Error)?.message ?? e} — caught by the driver; the adventurer is killed by a trap.`, 'error', player);
      return null;
    }
    return interpretAction(raw);
  }

  /** One simultaneous turn (Ruins.turn). */
  turn(): void {
    this.turnNumber += 1;
    const bids = new Map<string, { room: number; index: unknown; bids: [number, string][] }>();
    const drops = new Map<number, (Treasure | null)[]>();
    const killLater: [Player, string][] = [];
    const actions: [Player, Action][] = [];
    for (const p of this.players.values()) if (p.active) actions.push([p, this.askPlayer(p)]);
    for (const [player, action] of actions) {
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
            else this.log(`moved into room #${player.room}`, 'info', player);
          } else {
            this.log(`exited the ruins with ${player.stamina} stamina and ${player.treasures.length} treasures, totaling $${player.totalValue} in value, and ${player.carryWeight}kg in weight.`, 'minor', player);
          }
        } else {
          killLater.push([player, 'died of exhaustion']);
        }
      } else if (action.kind === 'take') {
        let bid: number;
        try {
          bid = pyInt(action.bid);
        } catch (e) {
          if (e instanceof PyIntError && e.pyType === 'ValueError') {
            killLater.push([player, `${trap(this.flavor)} (Non-integer bid)`]);
            continue;
          }
          throw new DriverCrash((e as PyIntError).pyType ?? 'TypeError', `int(bid) of ${JSON.stringify(action.bid)} from ${player.botName}`);
        }
        let target: Treasure | null | undefined;
        try {
          target = pyIndex(this.rooms[player.room - 1]!, pyInt(action.treasure));
        } catch (e) {
          if (e instanceof PyIntError && e.pyType !== 'OverflowError') {
            killLater.push([player, `${trap(this.flavor)} (Non-integer treasure index)`]);
            continue;
          }
          throw new DriverCrash('OverflowError', `int(treasure) from ${player.botName}`);
        }
        if (target === undefined) {
          killLater.push([player, `${trap(this.flavor)} (Invalid treasure index)`]);
          continue;
        }
        if (target === null) throw new DriverCrash('AttributeError', "'NoneType' object has no attribute 'weight'");
        if (bid < target.weight) {
          killLater.push([player, `tried to lift ${target.name} but ${trap(this.flavor)} (Bid too low)`]);
        } else if (bid > player.stamina) {
          killLater.push([player, `went all out to take ${target.name}, but had a heart attack and collapsed. (Bid too high)`]);
        } else if (target.weight + player.carryWeight > 50) {
          killLater.push([player, `${trap(this.flavor)} (Treasure too heavy)`]);
        } else {
          // Python keys the bid by (room, the index exactly as returned): 1 and 1.0 and True are one key.
          const key = `${player.room}|${indexKey(action.treasure)}`;
          let entry = bids.get(key);
          if (!entry) bids.set(key, (entry = { room: player.room, index: action.treasure, bids: [] }));
          entry.bids.push([bid, player.name]);
          player.stamina -= bid;
        }
      } else {
        player.stamina -= 1;
        let dropped: Treasure | null = null;
        let ok = false;
        try {
          const i = pyInt(action.treasure);
          const j = i < 0 ? player.treasures.length + i : i;
          if (j >= 0 && j < player.treasures.length) {
            dropped = player.treasures.splice(j, 1)[0]!;
            ok = true;
          }
        } catch (e) {
          if (!(e instanceof PyIntError) || e.pyType === 'OverflowError') throw new DriverCrash('OverflowError', `int(index) from ${player.botName}`);
        }
        if (!ok) {
          killLater.push([player, 'was bitten by a venomous spider and died moments later. (Invalid drop)']);
        } else {
          let list = drops.get(player.room);
          if (!list) drops.set(player.room, (list = []));
          list.push(dropped);
          this.log(`Dropped a treasure into room #${player.room}: ${dropped ? describe(dropped) : 'None'}`, 'info', player);
        }
      }
    }
    for (const { room, index, bids: list } of bids.values()) {
      const row = this.rooms[room - 1]!;
      if (typeof index !== 'number' || !Number.isInteger(index)) {
        if (typeof index !== 'boolean') throw new DriverCrash('TypeError', `list indices must be integers or slices, not ${typeof index === 'string' ? 'str' : 'float'}`);
      }
      const i = pyInt(index);
      const slot = i < 0 ? row.length + i : i;
      const t = row[slot] ?? null;
      if (list.length === 1) {
        const p = this.players.get(list[0]![1])!;
        p.treasures.push(t);
        row[slot] = null;
        this.log(`took ${t ? describe(t) : 'None'}`, 'info', p);
      } else if (list.length > 1) {
        list.sort((a, b) => (b[0] !== a[0] ? b[0] - a[0] : b[1] < a[1] ? -1 : b[1] > a[1] ? 1 : 0));
        if (list[0]![0] > list[1]![0]) {
          const [, winner] = list.shift()!;
          this.players.get(winner)!.treasures.push(t);
          row[slot] = null;
          this.log(`fought hard and took ${t ? describe(t) : 'None'}`, 'info', this.players.get(winner));
        }
        // The driver formats `treasure.name` for every loser: on a None slot that raised AttributeError.
        if (t === null) throw new DriverCrash('AttributeError', "'NoneType' object has no attribute 'name'");
        for (const [, loser] of list) this.log(`attempted to take ${t.name}, but was met with resistance.`, 'info', this.players.get(loser));
      }
    }
    for (const [room, items] of drops) this.rooms[room - 1]!.push(...items);
    for (let r = 0; r < this.rooms.length; r++) {
      const row = this.rooms[r]!;
      if (row.includes(null)) this.rooms[r] = row.filter((t) => t);
    }
    for (const [player, message] of killLater) this.kill(player, message);
  }

  /** Ruins.run_game: the game to its end, then the ranking and scores. */
  runGame(): ScoredPlayer[] {
    for (const p of this.players.values()) {
      try {
        p.bot.enterRuins();
      } catch {
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
    const keyed = [...this.players.values()].map((p) => ({ p, key: rankingKey(p) }));
    // sorted(..., key=ranking_key, reverse=True): descending, stable for equal keys.
    keyed.sort((a, b) => compareKeys(b.key, a.key));
    const n = keyed.length;
    return keyed.map(({ p }, i) => ({ player: p, score: p.alive && p.treasures.length ? n - i : 0 }));
  }
}

function describe(t: Treasure): string {
  return `${t.name} ($${t.value}, ${t.weight}kg)`;
}

function indexKey(x: unknown): string {
  if (typeof x === 'boolean') return `n:${x ? 1 : 0}`;
  if (typeof x === 'number') return `n:${x}`;
  if (typeof x === 'string') return `s:${x}`;
  return `o:${String(x)}`;
}

/** ranking_key: sorts the player's treasures by value (descending, in place) and returns the key tuple. */
function rankingKey(p: Player): number[] {
  p.treasures.sort((a, b) => held(b).value - held(a).value);
  p.treasures.forEach(held);
  return [p.alive ? 1 : 0, p.totalValue, -p.carryWeight, -p.treasures.length, ...p.treasures.map((t) => held(t).value)];
}

/** Python tuple comparison. */
function compareKeys(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return a.length - b.length;
}
