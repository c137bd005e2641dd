// A JSON value reduced while its bytes streamed (structured-reducer.ts): what a shape-keeping cut of the whole value
// reads (mcp/structured-bound.ts) and nothing more. A long array keeps its first and last REDUCED_ITEMS items and
// its true length; a long string its first and last characters and its true length. Such a value must never be written as
// if it were whole: its cut nodes throw when JSON.stringify meets them.

/** Items kept at each end of a long array: the most any cut keeps (structured-bound.ts starts at 64). */
export const REDUCED_ITEMS = 64;
/**
 * UTF-16 units a cut string keeps at least at each end: more than any cut keeps (structured-bound.ts keeps at most
 * this less 64 characters, and a string up to 64 longer than what it keeps whole).
 */
export const REDUCED_STRING_UNITS = 32768;

/**
 * A string of which only the head and the tail were kept (at least REDUCED_STRING_UNITS units each, when the string
 * has them); `length` is the whole string's length in UTF-16 units.
 */
export class CutString {
  constructor(readonly head: string, readonly length: number, readonly tail = "") {}

  toJSON(): never {
    throw new Error("a reduced JSON string cannot be written whole");
  }
}

/** Arrays that stand for longer ones (their first and last REDUCED_ITEMS items), with the whole length. */
const cutArrays = new WeakMap<unknown[], number>();
/** Roots of reduced values in which something was cut. */
const reducedRoots = new WeakSet<object>();

/** Makes `items` (the first and last REDUCED_ITEMS items) stand for an array of `length` items. */
export function cutArray(items: unknown[], length: number): unknown[] {
  cutArrays.set(items, length);
  Object.defineProperty(items, "toJSON", { value: refuse, enumerable: false });
  return items;
}

function refuse(): never {
  throw new Error("a reduced JSON array cannot be written whole");
}

/** The length of the array the items stand for (their own length unless cut). */
export function fullLength(items: unknown[]): number {
  return cutArrays.get(items) ?? items.length;
}

/** Marks the root of a value in which something was cut. */
export function markReduced(root: object): void {
  reducedRoots.add(root);
}

/** True when `value` is the root of a reduced value in which something was cut (it is not the whole value). */
export function isReduced(value: unknown): boolean {
  return typeof value === "object" && value !== null && reducedRoots.has(value);
}
