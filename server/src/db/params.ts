/**
 * A statement's parameter list: each value added returns its placeholder, so that SQL written by
 * hand stays parameterised. Shared by every feature's queries, so it lives with the database code.
 */
export class Params {
  readonly values: unknown[] = [];
  /** Adds a value and returns its placeholder (`$3`). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
