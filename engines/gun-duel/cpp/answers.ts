/**
 * Gun Duel answers as posted (C++ classes deriving Player) compiled to WebAssembly for the
 * sandbox: the compile jobs (the answer's file beside our stand-ins, stand-ins.ts) and what a
 * compiled answer travels as (its bytes in base64 inside the run's options, so that a shard on
 * any worker gets exactly what was compiled, and a checkpoint's identity changes with it).
 */
import { basename } from 'node:path';
import { compileCpp, type CppCompiled, type CppCompileJob } from '../../core/sandbox/runtimes/wasm/clang.ts';
import { GLUE_CPP, PLAYER_HPP, RNG_SHIM_HPP } from './stand-ins.ts';

/** One answer's source: its class and its file (as the repository's `<Name>.hpp`). */
export interface CppAnswerSource {
  name: string;
  /** Where it came from, for messages (a path, or "scrape cache: answer N"). */
  file: string;
  code: string;
}

/** A compiled answer as the run's options carry it. */
export interface CppAnswer {
  name: string;
  file: string;
  /** sha256 of compiler version + flags + source + stand-ins. */
  key: string;
  /** The WebAssembly module, base64. */
  wasm: string;
}

/** 64 KiB pages: 256 MB of memory at most per answer (per tournament). */
export const CPP_MAX_MEMORY_PAGES = 4096;

/** The compiler flags (part of the cache key). */
export function cppFlags(className: string, header: string): string[] {
  return [
    '--target=wasm32-wasip1',
    '-std=c++17',
    '-O2',
    '-w',
    '-mexec-model=reactor',
    '-include',
    'koth_rng_shim.hpp',
    `-DKOTH_CLASS=${className}`,
    `-DKOTH_HEADER="${header}"`,
    `-Wl,--max-memory=${CPP_MAX_MEMORY_PAGES * 65536}`,
    '-Wl,-z,stack-size=8388608',
    'koth_glue.cpp',
    '-o',
    'answer.wasm',
  ];
}

/** Class names deriving Player defined in a C++ text (comments ignored). */
export function playerClassesIn(code: string): string[] {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
  const out: string[] = [];
  for (const m of text.matchAll(/\b(?:class|struct)\s+([A-Za-z_]\w*)\s*(?:final\s*)?:\s*([^{;]*)\{/g)) {
    const bases = m[2]!.split(',').map((x) => x.replace(/\b(?:public|protected|private|virtual)\b/g, '').trim().replace(/^::/, ''));
    if (bases.includes('Player') && !out.includes(m[1]!)) out.push(m[1]!);
  }
  return out;
}

export function compileJob(a: CppAnswerSource): CppCompileJob {
  // The answer keeps the file name it includes itself by; a name that is not a plain header name gets one.
  const header = /^[A-Za-z_][\w.-]*\.(hpp|h|hh|hxx)$/.test(basename(a.file)) ? basename(a.file) : `${a.name}.hpp`;
  return {
    name: a.name,
    args: cppFlags(a.name, header),
    files: { 'Player.hpp': PLAYER_HPP, 'koth_rng_shim.hpp': RNG_SHIM_HPP, 'koth_glue.cpp': GLUE_CPP, [header]: a.code },
    output: 'answer.wasm',
  };
}

/** Compiles the answers (in a worker thread, cached), each as the run's options carry it. */
export async function compileAnswers(answers: readonly CppAnswerSource[], onDone?: (c: CppCompiled, done: number) => void, onStart?: (a: CppAnswerSource, index: number) => void): Promise<{ answers: CppAnswer[]; compiled: CppCompiled[] }> {
  const compiled = await compileCpp(answers.map(compileJob), onDone, onStart && ((_, i) => onStart(answers[i]!, i)));
  return { answers: compiled.map((c, i) => ({ name: answers[i]!.name, file: answers[i]!.file, key: c.key, wasm: Buffer.from(c.bytes).toString('base64') })), compiled };
}
