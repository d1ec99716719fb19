import { PythonError } from './errors.ts';
import { pyRepr, pyStr } from './repr.ts';
import { pyTypeName } from './builtins.ts';

/**
 * Python's `format(x, '.Nf')` for a double, exactly: the exact binary value rounded
 * half-to-even at N decimals (JavaScript's toFixed rounds exact ties up instead).
 */
export function formatFixedPython(x: number, digits: number): string {
  if (!Number.isFinite(x)) return String(x);
  const neg = x < 0 || Object.is(x, -0);
  const ax = Math.abs(x);
  // Exact value as m / 2^e with m an integer (a double has at most 1074 fractional bits).
  let e = 0;
  let m = ax;
  while (!Number.isInteger(m)) {
    m *= 2;
    e++;
  }
  const num = BigInt(m) * 10n ** BigInt(digits);
  const den = 2n ** BigInt(e);
  let q = num / den;
  const r = num % den;
  if (2n * r > den || (2n * r === den && q % 2n === 1n)) q += 1n;
  let s = q.toString().padStart(digits + 1, '0');
  if (digits > 0) s = `${s.slice(0, -digits)}.${s.slice(-digits)}`;
  return (neg ? '-' : '') + s;
}

/**
 * Python's `fmt % args` for the conversions the originals print with: %s %r %d %i %f %e %g %x
 * %o %c %%, with flags (-, 0, +, space), width and precision (`*` is not supported). A
 * single non-array argument stands for a 1-tuple, as in Python. Errors are Python's.
 */
export function pyPercent(fmt: string, args: unknown): string {
  const list = Array.isArray(args) ? args : [args];
  let next = 0;
  const take = (): unknown => {
    if (next >= list.length) throw new PythonError('TypeError', 'not enough arguments for format string');
    return list[next++];
  };
  const out = fmt.replace(/%([-+ 0#]*)(\d+)?(?:\.(\d+))?([sridfFeEgGxXoc%])/g, (_m, flags: string, width?: string, prec?: string, conv?: string) => {
    if (conv === '%') return '%';
    const v = take();
    let body: string;
    const num = (): number => {
      if (typeof v === 'boolean') return v ? 1 : 0;
      if (typeof v !== 'number') throw new PythonError('TypeError', `%${conv} format: a real number is required, not ${pyTypeName(v)}`);
      return v;
    };
    switch (conv) {
      case 's':
        body = pyStr(v);
        if (prec !== undefined) body = body.slice(0, Number(prec));
        break;
      case 'r':
        body = pyRepr(v);
        break;
      case 'd':
      case 'i':
        body = String(Math.trunc(num()));
        break;
      case 'f':
      case 'F':
        body = formatFixedPython(num(), prec === undefined ? 6 : Number(prec));
        break;
      case 'e':
      case 'E': {
        const [m, e] = num().toExponential(prec === undefined ? 6 : Number(prec)).split('e') as [string, string];
        body = `${m}e${e[0] === '-' ? '-' : '+'}${e.replace(/^[-+]/, '').padStart(2, '0')}`;
        if (conv === 'E') body = body.toUpperCase();
        break;
      }
      case 'g':
      case 'G': {
        // Python: exponent X of the value rounded to P digits; fixed if -4 <= X < P, else
        // exponent form; trailing zeros dropped either way.
        const p = prec === undefined ? 6 : Math.max(1, Number(prec));
        const x = num();
        const exp = x === 0 ? 0 : Number(x.toExponential(p - 1).split('e')[1]);
        const strip = (t: string) => (t.includes('.') ? t.replace(/\.?0+$/, '') : t);
        if (exp >= -4 && exp < p) body = strip(formatFixedPython(x, p - 1 - exp));
        else {
          const [m, e] = x.toExponential(p - 1).split('e') as [string, string];
          body = `${strip(m)}e${e[0] === '-' ? '-' : '+'}${e.replace(/^[-+]/, '').padStart(2, '0')}`;
        }
        if (conv === 'G') body = body.toUpperCase();
        break;
      }
      case 'x':
      case 'X':
        body = Math.trunc(num()).toString(16);
        if (conv === 'X') body = body.toUpperCase();
        break;
      case 'o':
        body = Math.trunc(num()).toString(8);
        break;
      default: // 'c'
        body = typeof v === 'string' ? v : String.fromCodePoint(num());
    }
    const numeric = !'src'.includes(conv!);
    if (numeric && !body.startsWith('-')) {
      if (flags.includes('+')) body = '+' + body;
      else if (flags.includes(' ')) body = ' ' + body;
    }
    const w = width ? Number(width) : 0;
    if (body.length < w) {
      if (flags.includes('-')) body = body.padEnd(w);
      else if (flags.includes('0') && numeric) {
        const sign = /^[-+ ]/.test(body) ? body[0] : '';
        body = sign + body.slice(sign.length).padStart(w - sign.length, '0');
      } else body = body.padStart(w);
    }
    return body;
  });
  if (next < list.length) throw new PythonError('TypeError', 'not all arguments converted during string formatting');
  return out;
}
