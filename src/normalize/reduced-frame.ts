// The bookkeeping of one container the structured-content reducer (structured-reducer.ts) reduces as it streams:
// where the value being read in it starts, an array's first items and a ring of its last ones, an object's members.
import { REDUCED_ITEMS } from "./reduced-json.js";

/** A value not read yet: its bytes are held, and parsed only if it is kept. */
export const NOTHING = Symbol("nothing");
/** The last items an array keeps: one more than a cut shows, so that an array of 2 × 64 + 1 items is kept whole. */
const RING = REDUCED_ITEMS + 1;

/** The last RING items of an array: each a byte extent (parsed once it is sure to be kept) or a value. */
class ItemRing {
  private readonly starts = new Array<number>(RING).fill(-1);
  private readonly ends = new Array<number>(RING).fill(-1);
  private readonly values = new Array<unknown>(RING).fill(NOTHING);
  private next = 0;
  private size = 0;

  /** Adds an item: `value`, or NOTHING for the bytes from `start` to `end`. */
  push(start: number, end: number, value: unknown): void {
    const slot = this.next;
    this.starts[slot] = value === NOTHING ? start : -1;
    this.ends[slot] = end;
    this.values[slot] = value;
    this.next = (slot + 1) % RING;
    this.size = Math.min(RING, this.size + 1);
  }

  /** The items, oldest first, each held as bytes parsed now (and kept as a value). */
  settle(parse: (start: number, end: number) => unknown): unknown[] {
    const items: unknown[] = [];
    for (let n = 0; n < this.size; n += 1) {
      const slot = (this.next - this.size + n + RING) % RING;
      if (this.starts[slot]! >= 0) this.values[slot] = parse(this.starts[slot]!, this.ends[slot]!);
      this.starts[slot] = -1;
      items.push(this.values[slot]);
    }
    return items;
  }

  /** The first byte an item held as bytes needs (Infinity when none is). */
  heldFrom(): number {
    let from = Number.POSITIVE_INFINITY;
    for (const start of this.starts) if (start >= 0 && start < from) from = start;
    return from;
  }
}

/** A container being reduced, or (depth 0) the value itself. */
export interface Frame {
  depth: number;
  array: boolean;
  /** Start of the value (and, in an object, of its key) being read in it; -1 between them. */
  childStart: number;
  memberStart: number;
  /** The value being read is reduced as it streams (its bytes are not held); in an object, its key. */
  childReduced: boolean;
  key: string;
  /** Arrays: items read, the first REDUCED_ITEMS, the last ones. */
  count: number;
  head: unknown[];
  ring: ItemRing;
  /** Objects: the value built, and the members read but not yet parsed (a run of bytes). */
  object: Record<string, unknown>;
  runStart: number;
  runEnd: number;
}

/** A frame for the container opened at `depth`. */
export function newFrame(depth: number, array: boolean): Frame {
  return { depth, array, childStart: -1, memberStart: -1, childReduced: false, key: "", count: 0, head: [], ring: new ItemRing(), object: {}, runStart: -1, runEnd: -1 };
}

/** Sets a member as JSON.parse does (an own data property, `__proto__` included; a repeated key keeps its place). */
export function define(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}
