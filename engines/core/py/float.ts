/**
 * A Python float whose value JavaScript cannot tell from an int (2.0 is 2 in JS): what the
 * Python sandbox hands back for an integral float, so the engine keeps Python's type where it
 * matters (`xs[2.0]` is a TypeError, repr prints 2.0). Ports never produce it.
 */
export class PyFloat {
  constructor(readonly value: number) {}
  valueOf(): number {
    return this.value;
  }
}
