/**
 * What an interpreter of the sandbox keeps of what Python prints (local.ts OutputKeeper): lines in
 * order across stdout and stderr, a partial last line when taken, each line cut at
 * MAX_OUTPUT_LINE characters, at most MAX_OUTPUT_LINES lines held and one saying the rest was left
 * out — and a 10 MB line costs what writing it costs, not a line assembled whole.
 */
import { describe, expect, it } from 'vitest';
import { LocalPython, MAX_OUTPUT_LINE, MAX_OUTPUT_LINES } from './local.ts';

describe('the sandbox interpreter output', () => {
  it('keeps lines in order, cut and bounded, and takes a partial last line', async () => {
    const py = await LocalPython.load();
    py.loadModule('a', 'import sys\nprint("one")\nsys.stderr.write("two\\n")\nprint("x" * 10_000_000)\nsys.stdout.write("partial"); sys.stdout.flush()');
    const lines = py.takeOutput();
    expect(lines.slice(0, 2)).toEqual(['one', 'two']);
    expect(lines[2]).toBe(`${'x'.repeat(MAX_OUTPUT_LINE)} …`);
    expect(lines[3]).toBe('partial');
    expect(lines).toHaveLength(4);
    expect(py.takeOutput()).toEqual([]);

    py.loadModule('b', `for i in range(${MAX_OUTPUT_LINES + 500}):\n    print(i)`);
    const many = py.takeOutput();
    expect(many).toHaveLength(MAX_OUTPUT_LINES + 1);
    expect(many[MAX_OUTPUT_LINES - 1]).toBe(String(MAX_OUTPUT_LINES - 1));
    expect(many.at(-1)).toBe(`(more output left out: at most ${MAX_OUTPUT_LINES} lines are kept)`);
    // Taken: the next output is kept again.
    py.loadModule('c', 'print("again")');
    expect(py.takeOutput()).toEqual(['again']);
  }, 60_000);
});
