/**
 * What a sandboxed answer printed (stdout and stderr of a compiled C++ answer, line by line, each
 * line "Name: text" as engines/gun-duel/cpp/players.ts hands it), shown on stderr as
 * `[answer] Name: text` (docs/sandbox.md). One instance keeps at most 200 lines itself
 * (runtimes/wasm/wasm.ts); a sharded run plays thousands of instances, so the run shows at most
 * `perAnswer` lines of each answer in all, then one line saying the rest is left out.
 */
import { printable } from '../report/printable.ts';

/** Lines of one answer a run shows at most. */
export const SHOWN_LINES_PER_ANSWER = 200;

/** A printer for the lines of a run's answers: `write` gets each line to show (stderr by default). */
export function answerOutput(o: { perAnswer?: number; write?: (line: string) => void } = {}): (lines: readonly string[]) => void {
  const most = o.perAnswer ?? SHOWN_LINES_PER_ANSWER;
  const write = o.write ?? ((line: string) => process.stderr.write(line + '\n'));
  const shown = new Map<string, number>();
  return (lines) => {
    for (const line of lines) {
      const name = /^([^:]*):/.exec(line)?.[1] ?? '';
      const n = shown.get(name) ?? 0;
      shown.set(name, n + 1);
      if (n < most) write(`[answer] ${printable(line)}`);
      else if (n === most) write(`[answer] ${printable(name)}: (more output left out: a run shows at most ${most} lines of each answer)`);
    }
  };
}
