/**
 * Checks an accumulator read from a file (a checkpoint) against the shape of the game's empty
 * accumulator, before it is merged or reported: a file that was edited or damaged but still
 * parses must not turn into a verdict, nor into a crash deep in a merge.
 *
 * The shape rules, from `empty(opts)` (the template):
 *  - an object with keys: the same keys, each checked against its template value; a key whose
 *    template value is `undefined` is optional (absent, or unconstrained as below: koth ab's notes);
 *  - an empty object ({}): a record; any keys, values as below (unconstrained);
 *  - a non-empty array: the same length, each element checked against the template's;
 *  - an empty array ([]): a list that grows; its elements are unconstrained;
 *  - a number: a non-negative whole number (accumulators hold counts, sums and maxima);
 *  - a string / boolean: of that type; null: anything.
 * Unconstrained values may be any JSON, but every number in them must be finite and >= 0. A
 * game whose accumulator needs more (its list elements' shape) adds `TrialSpec.check`.
 */
export function shapeProblems(value: unknown, template: unknown, path = 'results'): string[] {
  const show = (v: unknown) => {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 40 ? s.slice(0, 37) + '...' : s;
  };
  if (template === null) return [];
  if (template === undefined) return freeProblems(value, path);
  if (typeof template === 'number') {
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? [] : [`${path} is ${show(value)}, not a count (a whole number >= 0)`];
  }
  if (typeof template === 'string' || typeof template === 'boolean') return typeof value === typeof template ? [] : [`${path} is ${show(value)}, not a ${typeof template}`];
  if (Array.isArray(template)) {
    if (!Array.isArray(value)) return [`${path} is ${show(value)}, not a list`];
    if (!template.length) return value.flatMap((v, i) => freeProblems(v, `${path}[${i}]`));
    if (value.length !== template.length) return [`${path} has ${value.length} entries, not ${template.length}`];
    return value.flatMap((v, i) => shapeProblems(v, template[i], `${path}[${i}]`));
  }
  if (typeof template === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path} is ${show(value)}, not an object`];
    const keys = Object.keys(template);
    if (!keys.length) return Object.entries(value).flatMap(([k, v]) => freeProblems(v, `${path}.${k}`));
    const extra = Object.keys(value).filter((k) => !keys.includes(k));
    const missing = keys.filter((k) => !(k in value) && (template as Record<string, unknown>)[k] !== undefined);
    if (missing.length || extra.length) {
      return [`${path} ${[missing.length ? `lacks ${missing.join(', ')}` : '', extra.length ? `has unknown ${extra.join(', ')}` : ''].filter(Boolean).join(' and ')}`];
    }
    return keys.flatMap((k) => shapeProblems((value as Record<string, unknown>)[k], (template as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return [];
}

/** Any JSON value whose numbers are finite and >= 0. */
function freeProblems(value: unknown, path: string): string[] {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? [] : [`${path} is ${value}, not a figure >= 0`];
  if (Array.isArray(value)) return value.flatMap((v, i) => freeProblems(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => freeProblems(v, `${path}.${k}`));
  return [];
}
