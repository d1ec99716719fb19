/**
 * Posted programs on a host (`koth host` with --allow-programs): a version whose language is a
 * program's (`program`, `program:<language>`) is a text; to run it as a `--bot-cmd` program
 * (engines/core/entrants/program.ts) it is written to a file of its own and given a command. The
 * text's first line `#!…` names its interpreter (the file is made executable and run as it is);
 * without one, a script's extension names it (`program:py` python3, `program:sh` sh, …
 * SCRIPT_INTERPRETERS); any other program cannot be run (a compiled language: the host does not
 * build programs) and its version is refused with that reason.
 *
 * These programs run unsandboxed, as the user's own `--bot-cmd` programs do: only a host made
 * with --allow-programs seats them (host/validate.ts).
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The interpreter of a script's language (`program:<ext>`) when its text has no `#!` line. */
export const SCRIPT_INTERPRETERS: Readonly<Record<string, string>> = { py: 'python3', sh: 'sh', js: 'node', mjs: 'node', rb: 'ruby', pl: 'perl', php: 'php', lua: 'lua', jl: 'julia', r: 'Rscript' };

/** A program written out: the command that runs it, or why it cannot be run. */
export type WrittenProgram = { command: string } | { refused: string };

/**
 * Writes the program `code` (version language `language`, code hash `sha256`) under `dir` (a
 * folder of the caller's, without white space in its path: a command is split on it) and returns
 * its command.
 */
export function writeProgram(dir: string, sha256: string, code: string, language: string): WrittenProgram {
  const ext = language.startsWith('program:') ? language.slice('program:'.length).toLowerCase() : '';
  const shebang = code.startsWith('#!');
  const interpreter = SCRIPT_INTERPRETERS[ext];
  if (!shebang && !interpreter)
    return { refused: `cannot tell how to run this ${ext ? `${ext} ` : ''}program: begin it with a #! line naming its interpreter (e.g. #!/usr/bin/env python3); the host does not build programs` };
  const folder = join(dir, sha256.slice(0, 16));
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `bot${ext && /^[a-z0-9]+$/.test(ext) ? `.${ext}` : ''}`);
  writeFileSync(file, code);
  chmodSync(file, 0o755);
  return { command: shebang ? file : `${interpreter} ${file}` };
}
