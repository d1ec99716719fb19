/** Python values in the JSON the sandbox's Python side sends (bootstrap.ts `koth_tag`), revived as this project holds them. */
import { PyFloat } from '../../../py/float.ts';

/** Whether a JSON text from the sandbox holds a tagged value (koth_tag): then it is parsed with revivePyFloat. */
export const TAGGED = /"__py(?:float|int)__"/;

/**
 * {"__pyfloat__": repr} from the sandbox (bootstrap koth_tag): nan/inf as numbers, an integral
 * float as PyFloat; {"__pyint__": hex}: an int beyond 2**53 - 1, exactly, as a BigInt.
 */
export function revivePyFloat(_key: string, v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if ('__pyint__' in v) {
    const h = (v as { __pyint__: string }).__pyint__;
    return h.startsWith('-') ? -BigInt(h.slice(1)) : BigInt(h);
  }
  if (!('__pyfloat__' in v)) return v;
  const s = (v as { __pyfloat__: string }).__pyfloat__;
  if (s === 'nan') return NaN;
  if (s === 'inf') return Infinity;
  if (s === '-inf') return -Infinity;
  return new PyFloat(Number(s));
}
