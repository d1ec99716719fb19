/**
 * The one game registry: it joins games and their ports. A game is a folder `engines/<id>/`
 * whose index.ts exports a GameDescriptor (engines/core/game.ts); its ports are a roster in
 * transpiled-bots/<id>/index.ts, handed to it by engines/wiring/<id>.ts (the game imports no
 * port: engines/core/roster.ts). Registering is ONE line below. Everything else is derived from
 * it: the scraper's challenge table (challenges()), the bot registry (knownBots()), the CLI
 * (`koth replay <id>`, `koth play <id>`), where workers load a game's trials
 * (trialsModuleOf()), and the conformance tests (test/conformance.test.ts).
 */
import type { ReportSink } from './core/report/html/sink.ts';
import { missingPorts, validateGame, type GameDescriptor } from './core/game.ts';
import type { KnownBot } from './core/provenance.ts';
import { parseTrialsKey, workerModuleOf, type TrialsRef } from './core/runner/trials-ref.ts';
import { queuedHosting } from './core/host/trials.ts';
import type { ChallengeConfig } from '../scraper/extract.ts';
import { createReplayKit, paramProblems, type ReplayKit } from './core/cli/kit.ts';
// The wiring first: it hands each game its ports.
import './wiring/dice.ts';
import './wiring/atomas.ts';
import './wiring/ruins.ts';
import './wiring/gun-duel.ts';
import './wiring/camel-up.ts';
import { diceGame } from './dice/index.ts';
import { ruinsGame } from './ruins/index.ts';
import { atomasGame } from './atomas/index.ts';
import { gunDuelGame } from './gun-duel/index.ts';
import { camelUpGame } from './camel-up/index.ts';

const registered: GameDescriptor[] = [];

/** Every registered game, in the order `koth replay` lists and runs them (a live view). */
export const games: readonly GameDescriptor[] = registered;

/** Registers a game (validated here, the one place); tests register scratch games at runtime. */
export function registerGame(game: GameDescriptor): void {
  const problems = [...validateGame(game), ...(game.engine ? paramProblems(game.engine).map((p) => `params: ${p}`) : [])];
  if (registered.some((g) => g.id === game.id)) problems.push(`a game with id "${game.id}" is already registered`);
  if (registered.some((g) => g.questionId === game.questionId)) problems.push(`question ${game.questionId} is already registered`);
  if (problems.length) throw new Error(`game "${game.id}" cannot be registered:\n  ${problems.join('\n  ')}`);
  registered.push(game);
}

/** Removes a game registered at runtime (tests). */
export function unregisterGame(id: string): void {
  const i = registered.findIndex((g) => g.id === id);
  if (i >= 0) registered.splice(i, 1);
}

registerGame(diceGame);
registerGame(ruinsGame);
registerGame(atomasGame);
registerGame(gunDuelGame);
registerGame(camelUpGame);

export function findGame(id: string): GameDescriptor | undefined {
  return registered.find((g) => g.id === id);
}

/** Every bot the project knows of, per game, in original order. */
export function knownBots(challenge?: string): KnownBot[] {
  return registered.filter((g) => !challenge || g.id === challenge).flatMap((g) => [...g.knownBots]);
}

/** The scraper's challenge table, one row per registered game. */
export function challenges(): ChallengeConfig[] {
  return registered.map((g) => ({
    id: g.id,
    questionId: g.questionId,
    title: g.title,
    language: g.botLanguage,
    recognises: g.extractor.recognises,
    extract: (html: string) => g.extractor.extract(html),
  }));
}

/** Published bots without a port, per published table of a game. */
export function missingFromPublished(id: string): Record<string, string[]> {
  const g = findGame(id);
  return Object.fromEntries((g?.published ?? []).map((t) => [t.name, missingPorts(g!, t)]));
}

/**
 * Where a worker imports a game's trials from (a key as runs and queued jobs write it, or the
 * reference: engines/core/runner/trials-ref.ts): the engine's own `trialsModule`, else the
 * convention engines/wiring/<id>-trials.ts (the game's engines/<id>/trials.ts with its ports
 * handed) — or, in the bundle (dist/koth.js), dist/trials/<id>.js, which build.mjs makes from
 * every engines/wiring/<id>-trials.ts. A/B pairs (`koth ab`) are engines/<id>/ab.ts through
 * engines/wiring/<id>-ab.ts (dist/trials/<id>-ab.js); hosted games on the queue (`koth host tick
 * --queue`) engines/wiring/<id>-host.ts (dist/trials/<id>-host.js); rule A/B pairs (--compare-rules) are the
 * game's own trials, marked for the worker to play them as pairs (engines/core/ab/rule-trials.ts).
 */
export function trialsModuleOf(key: string | TrialsRef): string {
  const ref = typeof key === 'string' ? parseTrialsKey(key) : key;
  if (ref.kind === 'ab') {
    if (!findGame(ref.game)?.engine?.ab) throw new Error(`no A/B pairs for game "${ref.game}"`);
    return bundled(`wiring/${ref.game}-ab.ts`, `trials/${ref.game}-ab.js`);
  }
  if (ref.kind === 'host') {
    const host = findGame(ref.game)?.engine?.host;
    if (!host || !queuedHosting(host)) throw new Error(`game "${ref.game}" has no hosted games for the queue`);
    return bundled(`wiring/${ref.game}-host.ts`, `trials/${ref.game}-host.js`);
  }
  const own = findGame(ref.game)?.engine?.trialsModule;
  return workerModuleOf(own ?? bundled(`wiring/${ref.game}-trials.ts`, `trials/${ref.game}.js`), ref.kind);
}

/** A module of engines/ from the sources, or its bundled file (this code sits in dist/koth.js or in a shared chunk under dist/chunks/). */
function bundled(source: string, dist: string): string {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL(`./${source}`, here).href;
  return new URL(`${here.includes('/chunks/') ? '../' : './'}${dist}`, here).href;
}

/** Whether this koth runs shards of `key` (a queued job's game): a registered game with an engine, for A/B pairs one that has them, for hosted games one that can be hosted. */
export function servesTrials(key: string): boolean {
  const ref = parseTrialsKey(key);
  const engine = findGame(ref.game)?.engine;
  return !!engine && (ref.kind !== 'ab' || !!engine.ab) && (ref.kind !== 'host' || (!!engine.host && queuedHosting(engine.host)));
}

export function challengeConfig(id: string): ChallengeConfig | undefined {
  return challenges().find((c) => c.id === id);
}

/** The replay CLI kit bound to this registry (it knows where each game's trials module is and each game's originals); what games offer the HTML report goes to `sink`. */
export function replayKit(sink?: ReportSink): ReplayKit {
  return createReplayKit(trialsModuleOf, sink, (id) => findGame(id)?.engine);
}
