/**
 * The files a `--bot-cmd` program is read from: the program itself when the command names it by a
 * path (`./mybot`), and every argument that is a file (`python3 mybot.py`). Their content keys a
 * checkpoint (engines/core/runner/checkpoint.ts, `inputs`), so a program changed between a run and
 * its resume is refused, naming the file, instead of its new pairs being mixed with the old
 * program's. A bare first word (`python3`) is looked up on PATH when the program starts: an
 * interpreter, not the user's program, so it is left out.
 */
import { statSync } from 'node:fs';

const isFile = (p: string) => statSync(p, { throwIfNoEntry: false })?.isFile() === true;

/** The files the commands name, in order, each once; `Name=` before a command (`--bot-cmd "Name=<program>"`) is dropped. */
export function programFiles(commands: string | readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const text of typeof commands === 'string' ? [commands] : (commands ?? [])) {
    const words = text.trim().replace(/^[A-Za-z_][A-Za-z0-9_]*=/, '').trim().split(/\s+/).filter(Boolean);
    words.forEach((w, i) => {
      if ((i > 0 || w.includes('/')) && isFile(w) && !out.includes(w)) out.push(w);
    });
  }
  return out;
}
