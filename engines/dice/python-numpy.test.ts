/**
 * Our numpy stand-in (python/numpy.ts) in Pyodide against real numpy in CPython (outside the
 * sandbox; Debian's python3-numpy or pip's), on every input BrainBot makes outside the last
 * round: [opponent's best, own score, turn sum] / 40 with both scores below 40 and a turn sum
 * below 80, then [0.0], through two layers of 1 / (1 + exp(-dot(w, x))) and an argmax. The
 * weights: BrainBot's own, read as a literal (ast.literal_eval, nothing of the answer runs) from
 * the 2019-01-07 snapshot when it is there (KOTH_DICE_SNAPSHOT_2019_01_07), and always seeded
 * random weights of the same shapes. Both sides must give the same float64 values, to the bit,
 * and the same argmax. Skipped with a message when python3 or its numpy is missing.
 *
 * Bit for bit: the sums are (the stand-in sums as numpy's kernel did here); exp is not always:
 * Pyodide's C library (musl) and glibc's exp, which numpy used here, differ by one unit in the
 * last place on a few inputs, and the second layer carries that on (a few units more). So values
 * must agree to 1e-12 relative (most are equal to the bit) and every argmax — the only thing
 * BrainBot uses — must be equal.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LocalPython } from '../core/sandbox/runtimes/python/local.ts';
import { DICE_NUMPY_PY } from './python/numpy.ts';

const probe = spawnSync('python3', ['-c', 'import numpy; print(numpy.__version__)'], { encoding: 'utf8' });
const numpyVersion = probe.status === 0 ? probe.stdout.trim() : undefined;
const SNAPSHOT = process.env.KOTH_DICE_SNAPSHOT_2019_01_07 || '';

/** Our own forward pass (a sigmoid network as BrainBot's decide computes it), for both sides: `np` is numpy or the stand-in. */
const FORWARD = String.raw`
def forward(np, brain, inputs):
    out = []
    for s in inputs:
        x = np.array(s)
        for i, w in enumerate(brain):
            x = [1.0 / (1 + np.exp(-el)) for el in np.dot(w, x)]
            if i < len(brain) - 1:
                x.append(-1)
        out.append([repr(float(v)) for v in x] + [int(np.argmax(x))])
    return out

INPUTS = [[o / 40, m / 40, t / 40, 0.0] for o in range(40) for m in range(40) for t in range(80)]
`;

/** Seeded weights of BrainBot's shapes (8x4, then 2x9), and BrainBot's own when the snapshot is here. */
const WEIGHTS = String.raw`
import random, ast, os
def weights(snapshot):
    sets = []
    for seed in (177765, 2):  # seed 2's network answers both ways on these inputs (177765's only one)
        r = random.Random(seed)
        sets.append([[[round(r.uniform(-2, 2), 4) for _ in range(4)] for _ in range(8)], [[round(r.uniform(-2, 2), 4) for _ in range(9)] for _ in range(2)]])
    if snapshot and os.path.exists(snapshot):
        tree = ast.parse(open(snapshot, encoding='utf8').read())
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.name == 'BrainBot':
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Assign) and any(isinstance(t, ast.Attribute) and t.attr == 'brain' for t in sub.targets):
                        sets.append(ast.literal_eval(sub.value))
    return sets
`;

describe.skipIf(!numpyVersion)(`the numpy stand-in equals real numpy on BrainBot's inputs${numpyVersion ? '' : ' (skipped: python3 with numpy is not installed: apt-get install python3-numpy)'}`, () => {
  it(`values (to 1e-12, most to the bit) and every argmax, numpy ${numpyVersion}`, async () => {
    const real = spawnSync('python3', ['-c', `${FORWARD}\n${WEIGHTS}\nimport numpy, json, sys\nprint(json.dumps([forward(numpy, w, INPUTS) for w in weights(sys.argv[1])]))`, SNAPSHOT], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    expect(real.status, real.stderr).toBe(0);
    const expected = JSON.parse(real.stdout) as unknown[][];
    expect(expected.length).toBe(existsSync(SNAPSHOT) ? 3 : 2);

    const py = await LocalPython.load();
    py.loadModule('numpy', DICE_NUMPY_PY, 'koth_numpy.py');
    const brains = JSON.parse(spawnSync('python3', ['-c', `${WEIGHTS}\nimport json, sys\nprint(json.dumps(weights(sys.argv[1])))`, SNAPSHOT], { encoding: 'utf8' }).stdout) as unknown;
    py.loadModule('numpy_probe', `${FORWARD}\nimport numpy, koth_sandbox\nkoth_sandbox.register('probe', lambda brains: [forward(numpy, w, INPUTS) for w in brains])\n`);
    const ours = py.call('probe', [brains]) as unknown[][];
    expect(ours.length).toBe(expected.length);
    const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b), 1e-300);
    let exact = 0;
    for (let k = 0; k < ours.length; k++) {
      expect(ours[k]!.length).toBe(128_000);
      const bad = ours[k]!.findIndex((row, i) => {
        const a = row as [string, string, number];
        const b = expected[k]![i] as [string, string, number];
        if (a[2] !== b[2]) return true;
        if (a[0] === b[0] && a[1] === b[1]) exact++;
        return rel(Number(a[0]), Number(b[0])) > 1e-12 || rel(Number(a[1]), Number(b[1])) > 1e-12;
      });
      expect(bad, bad >= 0 ? `input ${bad}: ours ${JSON.stringify(ours[k]![bad])}, numpy ${JSON.stringify(expected[k]![bad])}` : '').toBe(-1);
    }
    // Most values are equal to the bit.
    expect(exact).toBeGreaterThan(0.9 * 128_000 * ours.length);
    // Both outcomes of the argmax occur: the comparison is not a constant.
    expect(new Set(expected.flatMap((set) => set.map((row) => (row as unknown[])[2]))).size).toBe(2);
  }, 300_000);

  it('any other numpy name is refused by name (and fails if reached at run time)', async () => {
    const py = await LocalPython.load();
    py.loadModule('numpy', DICE_NUMPY_PY, 'koth_numpy.py');
    const src = readFileSync(new URL('../../tools/oracle/dice/bots/port_twins.py', import.meta.url), 'utf8');
    expect(src).toContain('np.mean');
    py.loadModule(
      'np_names',
      'import numpy, koth_sandbox\n' +
        "koth_sandbox.register('refusals', lambda code: koth_sandbox.refusals(code, 'x.py', [], True, {'numpy': frozenset(n for n in vars(numpy) if not n.startswith('_'))}))\n" +
        "def reach():\n    try:\n        numpy.cumsum([1])\n    except ImportError as e:\n        return str(e)\nkoth_sandbox.register('reach', reach)\n",
    );
    const why = py.call('refusals', ['import numpy as np\nfrom numpy import cumsum\nclass A:\n    def f(self):\n        return np.mean([1])\nclass B:\n    def f(self):\n        return cumsum([1])\nclass C:\n    def f(self, x):\n        return np.argmax(np.dot([[1.0]], np.array(x)))\n']) as Record<string, string>;
    expect(why.A).toMatch(/uses numpy\.mean, which koth's small numpy stand-in does not have \(it has only argmax, array, dot, exp, ndarray/);
    expect(why.B).toMatch(/uses numpy\.cumsum/);
    expect(why.C).toBeUndefined();
    expect(py.call('reach', [])).toMatch(/numpy\.cumsum .* is not available/);
  }, 120_000);
});
