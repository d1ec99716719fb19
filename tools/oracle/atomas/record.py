#!/usr/bin/env python3
"""Atomas golden recorder (question 95889): runs the POSTED controller with one posted bot,
both imported unchanged from the paths given, under the project's exact-replay convention,
and prints {"games":[{"score","moves","finalBoard","crash"}, ...]}.

    python3 tools/oracle/atomas/record.py --controller ORIG/controller.py --bot ORIG/draftBot.py --seed S

The convention (the original ran unseeded Python 2 with one bot process per move):
- `random.seed(S)` once, before the first of the 20 games;
- Python 2.7's `random` algorithms: randrange/randint = start + int(random() * width), choice =
  seq[int(random() * len(seq))], shuffle likewise (CPython 2.7's Lib/random.py), on the same
  Mersenne Twister as CPython 3 (int seeds are seeded identically);
- the bot runs in-process, at the moment the controller spawns it, on the controller's
  generator: it reads the text the controller writes to its stdin; its first printed line is
  the answer; if it raises, it printed nothing (its process died): the controller reads '';
- Python 2 semantics in the bot: `/` between ints floors (the bot's code is compiled with
  every `/` turned into a call that does that), `raw_input`;
- the controller's globals carry over between games, as posted; a controller exception ends
  the run as it ended the original process (the game's `crash` holds it in Python 2's words).
Our own code: no original code here. The controller's log files go to a temporary folder.
"""
import argparse
import ast
import importlib.util
import json
import os
import random as _random
import sys
import tempfile

# ---- Python 2.7's random, on CPython 3's generator -------------------------------------


class Py2Random(object):
    """The module-global `random` of a Python 2.7 process (the parts these programs use)."""

    def __init__(self, seed):
        self._r = _random.Random(seed)

    def seed(self, s):
        self._r.seed(s)

    def getrandbits(self, k):
        return self._r.getrandbits(k)

    def random(self):
        return self._r.random()

    def randrange(self, start, stop=None, step=1):
        istart = int(start)
        if istart != start:
            raise ValueError('non-integer arg 1 for randrange()')
        if stop is None:
            if istart > 0:
                return int(self.random() * istart)
            raise ValueError('empty range for randrange()')
        istop = int(stop)
        if istop != stop:
            raise ValueError('non-integer stop for randrange()')
        width = istop - istart
        if step == 1 and width > 0:
            return int(istart + int(self.random() * width))
        if step == 1:
            raise ValueError('empty range for randrange() (%d,%d, %d)' % (istart, istop, width))
        raise NotImplementedError('randrange with a step')

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def choice(self, seq):
        return seq[int(self.random() * len(seq))]

    def shuffle(self, x):
        for i in reversed(range(1, len(x))):
            j = int(self.random() * (i + 1))
            x[i], x[j] = x[j], x[i]


# ---- Python 2 division in the bots -----------------------------------------------------


def py2div(a, b):
    if isinstance(a, int) and isinstance(b, int) and not isinstance(a, bool):
        return a // b
    return a / b


class Py2Division(ast.NodeTransformer):
    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Div):
            return ast.copy_location(ast.Call(func=ast.Name('__py2div', ast.Load()), args=[node.left, node.right], keywords=[]), node)
        return node


# ---- Python 2's words for the exceptions that differ ------------------------------------

PY2_WORDS = [
    ("'NoneType' object is not subscriptable", "'NoneType' object has no attribute '__getitem__'"),
    ('can only concatenate str (not "int") to str', "cannot concatenate 'str' and 'int' objects"),
]


def py2_words(e, where):
    msg = str(e)
    # Python 2 sorts a mixed list (ints before strs) and the crash comes one step later, at
    # `(list.sort())[1]`: None has no __getitem__ — the same line, the same type.
    if isinstance(e, TypeError) and msg.startswith("'<' not supported between instances of") and where == 'sort':
        msg = "'NoneType' object has no attribute '__getitem__'"
    for a, b in PY2_WORDS:
        msg = msg.replace(a, b)
    return '%s: %s' % (type(e).__name__, msg)


# ---- The bot as an in-process "subprocess" -----------------------------------------------


class BotRun(object):
    hook = None  # optional: .before(stdin_text) and .after(stdin_text, printed) around each run

    def __init__(self, path, rng, counter):
        with open(path) as f:
            tree = Py2Division().visit(ast.parse(f.read(), path))
        ast.fix_missing_locations(tree)
        self.code = compile(tree, path, 'exec')
        self.rng = rng
        self.counter = counter

    def popen(self, *args, **kwargs):
        run = self

        class Stdin(object):
            def __init__(self):
                self.text = ''

            def write(self, s):
                self.text += s

            def close(self):
                pass

        class Stdout(object):
            def readline(self):
                return proc.answer

        class Proc(object):
            pass

        proc = Proc()
        proc.stdin = Stdin()
        proc.stdout = Stdout()
        proc.answer = None
        run.counter[0] += 1

        def start():
            out = []
            fed = [proc.stdin.text]

            def raw_input(prompt=''):
                if not fed:
                    raise EOFError('EOF when reading a line')
                return fed.pop(0)

            def _print(*a, **k):
                out.append(k.get('sep', ' ').join(str(x) for x in a) + k.get('end', '\n'))

            g = {'__name__': '__main__', '__py2div': py2div, 'raw_input': raw_input, 'print': _print, '__builtins__': __builtins__}
            if run.hook:
                run.hook.before(proc.stdin.text)
            saved = sys.modules['random']
            sys.modules['random'] = run.rng  # `import random` in the bot: the controller's generator
            try:
                exec(run.code, g)
            except Exception:
                pass  # the bot process died: what it printed before stays on its stdout
            finally:
                sys.modules['random'] = saved
            text = ''.join(out)
            proc.answer = text.split('\n', 1)[0] + '\n' if '\n' in text else text
            if run.hook:
                run.hook.after(proc.stdin.text, text)

        # The controller writes stdin, closes it, then reads: run the bot on the first read.
        orig_readline = Stdout.readline

        def readline(self):
            if proc.answer is None:
                start()
            return orig_readline(self)

        Stdout.readline = readline
        return proc


def setup(controller, bot_file, seed):
    """The controller module with the bot plugged in (paths absolute; runs in a temp folder)."""
    os.chdir(tempfile.mkdtemp(prefix='atomas-'))
    rng = Py2Random(seed)
    spec = importlib.util.spec_from_file_location('atomas_controller', controller)
    ctl = importlib.util.module_from_spec(spec)
    saved = sys.modules['random']
    sys.modules['random'] = rng  # the controller's `import random`
    try:
        spec.loader.exec_module(ctl)
    finally:
        sys.modules['random'] = saved
    counter = [0]
    bot = BotRun(bot_file, rng, counter)
    ctl.subprocess = type('subprocess', (), {'Popen': staticmethod(bot.popen), 'PIPE': -1})
    ctl.print = lambda *x, **k: None  # "Game over! ..." (the score is read from the module)
    return ctl, bot, rng, counter


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--controller', required=True)
    ap.add_argument('--bot', required=True)
    ap.add_argument('--seed', required=True, type=int)
    ap.add_argument('--games', type=int, default=20)
    a = ap.parse_args()
    ctl, bot, rng, counter = setup(os.path.abspath(a.controller), os.path.abspath(a.bot), a.seed)
    games = []
    for _ in range(a.games):
        counter[0] = 0
        crash = None
        try:
            ctl.init()
        except Exception as e:
            import traceback
            where = 'sort' if 'sort()' in (traceback.extract_tb(e.__traceback__)[-1].line or '') else ''
            crash = py2_words(e, where)
        games.append({'score': ctl.score, 'moves': counter[0], 'finalBoard': list(ctl.board), 'crash': crash})
        if crash:
            break
    sys.stdout.write(json.dumps({'games': games}) + '\n')


if __name__ == '__main__':
    main()
