/**
 * Issue 39, item 10: koth ab counts what the games note by text, so a note's text must be the same
 * in every worker and run: an error's words without the memory address of a default Python repr.
 */
import { describe, expect, it } from 'vitest';
import { PythonError } from '../py/errors.ts';
import { shortError } from './pairs.ts';

describe('shortError (the words of a note)', () => {
  it('drops memory addresses ("<object object at 0x7f3a…>"), keeps the rest', () => {
    expect(shortError(new PythonError('ValueError', '<object object at 0x7f3a9c1d2e50> and <Foo at 0XAB12>'))).toBe('ValueError: <object object> and <Foo>');
    expect(shortError(new Error('bad at 0x1f'))).toBe('bad');
    expect(shortError(new PythonError('ValueError', 'look at 0 x'))).toBe('ValueError: look at 0 x');
  });
});
