/**
 * A hosted game's seed, made from (host seed, rules version, seed key) only, so a host's board is a
 * function of its inputs and a stranger can recompute any game (docs/host.md "Seeds").
 *
 * A host is, for its generators, one long `koth ab` run per rules version whose run seed is the
 * string `host/<host seed>/rules/<rules version>`; the game with seed key k plays from pair k's
 * generator of that run (ab/pairs.ts pairGenerator): in the Mersenne-Twister kinds (dice, ruins,
 * camel-up; atomas in Python 2 mode) the state hashed from (run seed, k) of docs/ab.md "Pair i's
 * generator", in the others (gun-duel's seedrandom) the kind's generator seeded with the string
 * `host/<host seed>/rules/<rules version>/pair/<k>`. The seat rotations of one deal share its seed
 * key (common random numbers); the games table keeps each game's key beside its number.
 *
 * An SPRT test of the host plays its pairs from its own run, `host/<host seed>/rules/<rules version>/test/<test id>`,
 * so tests and field games never share a generator.
 */
import { pairGenerator } from '../ab/pairs.ts';
import type { GeneratorKindSpec } from '../rng/generators.ts';
import type { Rng } from '../rng/rng.ts';
import { MAX_PAIRS } from '../rng/pair-state.ts';

/** A rules version names a rule variant: no '/' (it is a path segment of the run seed), not empty. */
function checkRules(rules: string): void {
  if (rules === '' || rules.includes('/')) throw new RangeError(`rules version ${JSON.stringify(rules)}: a rules version is a non-empty name without '/'`);
}

/** The run seed of a host's field games under a rules version: `host/<seed>/rules/<rules>`. */
export function fieldRunSeed(hostSeed: string, rules: string): string {
  checkRules(rules);
  return `host/${hostSeed}/rules/${rules}`;
}

/** The run seed of a host's SPRT test: `host/<seed>/rules/<rules>/test/<id>` (its pair i is pair i of that run). */
export function testRunSeed(hostSeed: string, rules: string, testId: number): string {
  if (!Number.isSafeInteger(testId) || testId < 1) throw new RangeError(`test id ${testId}: tests are numbered from 1`);
  return `${fieldRunSeed(hostSeed, rules)}/test/${testId}`;
}

/**
 * The run seed of a version's smoke games (validation, docs/host.md "Validate"):
 * `host/<seed>/rules/<rules>/smoke/<sha256>`, its games the pairs 0, 1, … of that run. Fixed by the
 * host seed and the code's hash only, so a version is validated on the same deals on every host
 * with the host's seed, and never on a field game's or a test's generator.
 */
export function smokeRunSeed(hostSeed: string, rules: string, sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new RangeError(`sha256 ${JSON.stringify(sha256)}: 64 lowercase hex digits`);
  return `${fieldRunSeed(hostSeed, rules)}/smoke/${sha256}`;
}

/**
 * The generator a field game with seed key `key` plays from, of the game's generator kind: pair
 * `key` of the run `fieldRunSeed(hostSeed, rules)`. With `into`, that generator put in the state in
 * place where the kind can.
 */
export function gameGenerator(kind: GeneratorKindSpec, hostSeed: string, rules: string, key: number, into?: Rng): Rng {
  if (!Number.isInteger(key) || key < 0 || key >= MAX_PAIRS) throw new RangeError(`seed key ${key}: keys are 0 to 2^32 − 1`);
  return pairGenerator(kind, fieldRunSeed(hostSeed, rules), key, into);
}
