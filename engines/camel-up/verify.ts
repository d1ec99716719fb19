/**
 * `koth verify camel-up <bot>`: the port and the original Python player in one seat, in
 * lockstep.
 *
 * Situations: seeded games of our engine (camelup.py at 46f6797) with the player under test in
 * one seat and the other ports in the others (seat order a fresh sample per game), then edge
 * cases (the first move of a game, a leader one square from the line, the round's last camel,
 * the poorest and the richest seat, a trap already placed, game bets on four camels already
 * made, a crowded round bet, all five camels in one stack). At every decision both start from
 * the same generator state: the port draws from the game's generator, the original from a copy
 * taken just before, each on its own copy of the state; the answers as camelup.py read them
 * and the generator states after them must agree. The port drives the game. A move depends
 * only on the state and the generator, so every decision is compared, also after a
 * disagreement.
 *
 * Rules (`--rules`): the 2018 players are checked under camelup.py at 46f6797 (`original`), the
 * 2026 house bots under camelup.py 2026 (`2026`: each seat sees player_view, opponents' game bets
 * redacted; the edge cases are handed through the same view, plus one with opponents' bets). A
 * house bot's opponents are drawn from the other house ports and Player1/Player2 (its original
 * takes seconds a move in the sandbox: `--games 1` keeps a check to minutes).
 */
import { PyRandom } from '../core/rng/python-random.ts';
import { pyRepr } from '../core/py/repr.ts';
import { PyFloat } from '../core/py/float.ts';
import { SandboxStop } from '../core/py/errors.ts';
import type { GameVerifier, VerifyOutcome, VerifySource } from '../core/game.ts';
import { Tally, VerifyInputError } from '../core/verify/verify.ts';
import { CamelGame, copyState, emptyState, HiddenBet, playerView, TRACK_LENGTH, type CamelGameState, type CamelPlayer, type Trap } from './rules.ts';
import { camelFlags, CAMEL_VARIANTS } from './variants.ts';
import { CAMEL_MOVE_TIMEOUT_MS, loadPythonCamelPlayers } from './python-players.ts';
import { camelPlayer, camelUpPorts, housePorts, isHousePort, questionPorts } from './ports.ts';

/** The rules a port is checked under by default: 2026 for the house bots, camelup.py at 46f6797 for the others. */
export const defaultCamelVerifyRules = (bot: string): string => (isHousePort(bot) ? '2026' : 'original');

const sameState = (a: PyRandom, b: PyRandom) => {
  const x = a.getstate();
  const y = b.getstate();
  return x.gaussNext === y.gaussNext && x.internal.every((v, i) => v === y.internal[i]);
};

const py = (v: unknown) => (v instanceof PyFloat ? pyRepr(v) : typeof v === 'string' ? `'${v}'` : v === null ? 'None' : typeof v === 'boolean' ? (v ? 'True' : 'False') : String(v));

/** An answer as camelup.py read it (game bets by str(camel); an unknown action number printed and skipped). */
export function readCamelAction(a: unknown): string {
  if (!Array.isArray(a)) return `not a list: ${py(a)}`;
  switch (a[0]) {
    case 0:
      return 'move a camel';
    case 1:
      return `trap ${py(a[1])} on square ${py(a[2])}`;
    case 2:
      return `round bet on camel ${py(a[1])}`;
    case 3:
      return `game winner bet on '${String(a[1])}'`;
    case 4:
      return `game loser bet on '${String(a[1])}'`;
    default:
      return 'out of bounds (skipped)';
  }
}

type Outcome = { ok: true; value: string; raw: unknown } | { ok: false; error: string; raised: unknown };
const run = (f: () => unknown): Outcome => {
  try {
    const raw = f();
    return { ok: true, value: readCamelAction(raw), raw };
  } catch (e) {
    if (e instanceof SandboxStop) throw e;
    return { ok: false, error: `raised ${(e as { pyType?: string }).pyType ?? (e as Error).name}: ${(e as { pyMessage?: string }).pyMessage ?? (e as Error).message}`, raised: e };
  }
};
const show = (o: Outcome) => (o.ok ? o.value : o.error);

function describe(seat: number, g: CamelGameState): string {
  const track = g.camel_track.flatMap((row, i) => (row.length ? [`${i}:${JSON.stringify(row)}`] : [])).join(' ');
  const traps = g.trap_track.flatMap((t, i) => (t.length ? [`${i}:${py(t[0])} (seat ${t[1]})`] : [])).join(' ');
  const toMove = g.camel_yet_to_move.flatMap((m, c) => (m ? [c] : []));
  return (
    `seat ${seat}, money ${JSON.stringify(g.player_money_values)}, camels ${track}, to move ${JSON.stringify(toMove)}` +
    `${traps ? `, traps ${traps}` : ''}${g.round_bets.length ? `, round bets ${JSON.stringify(g.round_bets.map(([c, p]) => [py(c), p]))}` : ''}` +
    `${g.game_winner_bets.length + g.game_loser_bets.length ? `, game bets ${g.game_winner_bets.length} winner / ${g.game_loser_bets.length} loser` : ''}`
  );
}

/** Port and `original` (a Python player in the sandbox, or another player) in lockstep. */
export function lockstepCamel(name: string, original: CamelPlayer, o: { seed: string; games: number; rules?: string }): VerifyOutcome {
  const port = camelPlayer(name);
  if (!port) throw new Error(`no camel-up port named ${name}`);
  const rules = o.rules ?? defaultCamelVerifyRules(name);
  const flags = camelFlags(rules);
  const tally = new Tally();
  let where = '';
  const pick = new PyRandom(o.seed);
  const pool = (isHousePort(name) ? [...housePorts(), 'Player1', 'Player2'] : questionPorts()).filter((n) => n !== name);
  const opponents = pick.sample(pool, Math.min(3, pool.length)) as string[];
  while (opponents.length < 3) opponents.push(opponents[0]!);

  const lockstep: CamelPlayer = {
    name,
    move(seat, g, env) {
      const random = env.random;
      const before = random.getstate();
      const a = run(() => port.move(seat, copyState(g), env));
      const shadow = new PyRandom(0);
      shadow.setstate(before);
      const b = run(() => original.move(seat, copyState(g), { random: shadow }));
      tally.decisions.push(show(b));
      tally.check(show(a) === show(b) && sameState(random, shadow), () => ({
        where: `${where}, seat ${seat}`,
        situation: describe(seat, g),
        port: show(a),
        original: show(b) + (show(a) === show(b) ? ' (same answer, different draws from random)' : ''),
      }));
      // The port's answer drives the game.
      if (!a.ok) throw a.raised;
      return a.raw as unknown[];
    },
  };

  const players = [lockstep, ...opponents.map((n) => camelPlayer(n)!)];
  for (let k = 1; k <= o.games; k++) {
    where = `game ${k}`;
    const seats = new PyRandom(`${o.seed}/seats/${k}`).sample(players, 4) as CamelPlayer[];
    try {
      new CamelGame(seats, new PyRandom(`${o.seed}/${k}`), flags).play();
    } catch (e) {
      if (e instanceof SandboxStop) throw e;
      // The port raised (then both did, or it is a disagreement already counted): this game ends here.
    }
  }

  camelEdgeCases(!flags.fullStateCopy).forEach((e, i) => {
    where = `edge case ${i + 1} (${e.what})`;
    try {
      // Under the 2026 rules a seat sees player_view, as in the games.
      lockstep.move(e.seat, flags.fullStateCopy ? e.state : playerView(e.state, e.seat), { random: new PyRandom(`${o.seed}/edge/${i}`) });
    } catch (err) {
      if (err instanceof SandboxStop) throw err;
    }
  });

  return { game: 'camel-up', bot: name, seed: o.seed, games: o.games, opponents, rules, compared: tally.compared, agreed: tally.agreed, disagreements: tally.first, disagreementCount: tally.count, decisions: tally.decisions };
}

/** Hand-made situations a seeded game reaches rarely (`view2026`: one more, opponents' game bets that player_view redacts). */
export function camelEdgeCases(view2026 = false): { what: string; seat: number; state: CamelGameState }[] {
  const base = (over: Partial<CamelGameState>, track: Record<number, number[]>): CamelGameState => {
    const camel_track = Array.from({ length: TRACK_LENGTH }, (_, i) => [...(track[i] ?? [])]);
    return { ...emptyState(), camel_track, camels: [0, 1, 2, 3, 4], ...over };
  };
  const later = { camel_bet_values: [5, 5, 5, 5, 5] };
  const bets = (player: number, camels: string[]) => {
    const made = camels.map((c) => new HiddenBet(c));
    const player_game_bets: HiddenBet[][] = [[], [], [], []];
    player_game_bets[player] = made;
    return { game_winner_bets: made.slice(0, 2).map((b) => [b, player] as [HiddenBet, number]), game_loser_bets: made.slice(2).map((b) => [b, player] as [HiddenBet, number]), player_game_bets };
  };
  const traps = Array.from({ length: TRACK_LENGTH }, () => [] as Trap);
  traps[6] = [1, 2];
  traps[9] = [-1, 0];
  const theirs = (): Partial<CamelGameState> => {
    const mine = new HiddenBet('2');
    const a = new HiddenBet('3');
    const b = new HiddenBet('0');
    return { game_winner_bets: [[a, 0], [mine, 1]], game_loser_bets: [[b, 3]], player_game_bets: [[a], [mine], [], [b]] };
  };
  const cases = [
    { what: 'the first move of a game', seat: 0, state: base({}, { 0: [3, 1], 1: [4], 2: [0, 2] }) },
    { what: 'a leader one square from the line, two camels to move', seat: 2, state: base({ ...later, player_money_values: [9, 14, 6, 11], camel_yet_to_move: [false, true, false, true, false] }, { 9: [1], 11: [3], 12: [0, 4], 15: [2] }) },
    { what: "the round's last camel, round bets placed", seat: 3, state: base({ ...later, player_money_values: [7, 5, 8, 4], camel_yet_to_move: [false, false, true, false, false], round_bets: [[2, 0], [4, 1], [2, 2]] }, { 4: [0], 6: [1, 2], 7: [4, 3] }) },
    { what: 'the poorest seat', seat: 1, state: base({ ...later, player_money_values: [6, -1, 3, 5] }, { 3: [0], 5: [2, 1], 8: [3, 4] }) },
    { what: 'the richest seat, its trap already on the track', seat: 0, state: base({ ...later, player_money_values: [12, 4, 3, 5], trap_track: traps, player_has_placed_trap: [true, false, true, false], camel_yet_to_move: [true, false, true, true, false] }, { 4: [1], 5: [2, 3], 7: [0, 4] }) },
    { what: 'game bets on four camels already made', seat: 2, state: base({ ...later, player_money_values: [10, 9, 8, 11], ...bets(2, ['0', '1', '3', '4']) }, { 10: [0], 11: [1, 4], 12: [3], 13: [2] }) },
    { what: 'a crowded round bet on the leader', seat: 1, state: base({ ...later, player_money_values: [4, 8, 6, 7], round_bets: [[3, 0], [3, 2], [3, 3], [3, 0], [1, 2]] }, { 6: [0, 1], 8: [2, 4, 3] }) },
    { what: 'all five camels in one stack', seat: 3, state: base({ ...later, player_money_values: [5, 5, 5, 5] }, { 7: [4, 0, 2, 1, 3] }) },
  ];
  if (view2026) cases.push({ what: "opponents' game bets beside its own (redacted by player_view)", seat: 1, state: base({ ...later, player_money_values: [9, 7, 4, 10], ...theirs() }, { 12: [3, 0], 13: [2], 14: [4, 1] }) });
  return cases;
}

export function verifyCamelBot(name: string, source: VerifySource, o: { seed: string; games: number; rules?: string }): VerifyOutcome {
  const loaded = loadPythonCamelPlayers([{ path: source.path, code: source.code, module: `verify_${source.path.replace(/^.*\//, '').replace(/\.py$/, '')}` }]);
  const py = loaded.classes.find((c) => c.name === name);
  if (!py) throw new VerifyInputError(`${source.path} defines no camel-up player named ${name} (a class with move(player, g); it has: ${loaded.classes.map((c) => c.name).join(', ') || 'none'})`);
  if (py.refused) throw new VerifyInputError(`${name} cannot run in the sandbox: ${py.refused}`);
  return lockstepCamel(name, py.player, o);
}

/** The port's own answers on a recorded trace's situations (what a port test compares with the original's recorded answers). */
export function camelTraceDecisions(trace: { bot: string; seed: string; games: number; rules?: string }): unknown[] {
  const port = camelPlayer(trace.bot);
  if (!port) throw new Error(`no camel-up port named ${trace.bot}`);
  return lockstepCamel(trace.bot, port, trace).decisions;
}

export const camelVerifier: GameVerifier = {
  ports: () => camelUpPorts.names(),
  verify: verifyCamelBot,
  rules: { names: ['original', '2026'].filter((n) => n in CAMEL_VARIANTS), defaultFor: defaultCamelVerifyRules },
  // An answer's block was pasted into players.py, which had these names.
  wrap: (code) => `import random, math\nfrom playerinterface import PlayerInterface\n${code}`,
  // Sir_Humpfree_Bogart takes 2-6 s a move in the sandbox (the house bots about as long).
  defaultGames: 4,
  timeoutMs: CAMEL_MOVE_TIMEOUT_MS,
  edgeCases:
    "the first move of a game, a leader one square from the line, the round's last camel, the poorest and the richest seat (its trap on the track), game bets on four camels made, a crowded round bet, all camels in one stack; under --rules 2026 each through player_view, and opponents' redacted game bets",
};
