// The structure-aware view of a large JSON value (SPEC §4): its shape instead of a line cut. Every key of the top
// levels, long arrays as their first and last items with `… 3,012 more items (lines A-B) …`, long strings cut
// inside with a count, deep values summarized. Written as the value pretty-printed by 2 spaces, so line numbers
// in the view name lines of that pretty print (the spill's text view), which `correx read`/`grep` reach.
import { LosslessNumber, stringifyJson } from "../normalize/lossless-json.js";

/** How much of each part of the value a view shows. */
export interface JsonViewLimits {
  /** Items shown from each end of an array. */
  items: number;
  /** Characters shown of a string (half from each end). */
  chars: number;
  /** Keys shown of an object below the top levels (the top level shows every key, the second ten times this). */
  keys: number;
  /** Depth below which arrays and objects are summarized as `[… N items …]` / `{… N keys …}`. */
  depth: number;
}

/** From the most faithful to the most compact: viewJsonWithin takes the first that fits. */
export const JSON_VIEW_LADDER: readonly JsonViewLimits[] = [
  { items: 50, chars: 2000, keys: 200, depth: 16 },
  { items: 20, chars: 600, keys: 100, depth: 10 },
  { items: 10, chars: 240, keys: 50, depth: 8 },
  { items: 5, chars: 120, keys: 30, depth: 6 },
  { items: 3, chars: 80, keys: 20, depth: 5 },
  { items: 2, chars: 60, keys: 12, depth: 4 },
  { items: 1, chars: 40, keys: 8, depth: 3 },
  { items: 1, chars: 24, keys: 5, depth: 2 },
  { items: 1, chars: 24, keys: 3, depth: 2 },
  { items: 1, chars: 20, keys: 2, depth: 2 },
  { items: 1, chars: 16, keys: 1, depth: 2 },
  { items: 0, chars: 16, keys: 3, depth: 1 },
];

const INDENT = "  ";
const group = (count: number): string => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** True for arrays and plain objects: the values a view walks into. */
function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === "object" && value !== null && !(value instanceof LosslessNumber);
}

/** Counts the lines each container takes when pretty-printed by 2 spaces (memoized: each value is walked once). */
class LineCounter {
  private readonly cache = new WeakMap<object, number>();

  count(value: unknown): number {
    if (!isContainer(value)) return 1;
    const known = this.cache.get(value);
    if (known !== undefined) return known;
    const children = Array.isArray(value) ? value : Object.values(value);
    let lines = children.length === 0 ? 1 : 2;
    for (const child of children) if (child !== undefined) lines += this.count(child);
    this.cache.set(value, lines);
    return lines;
  }

  /** The lines entries [from, to) of a container take (each ladder step writes the same gaps: summed once). */
  span(container: object, entries: Entries, from: number, to: number): number {
    let sums = this.sums.get(container);
    if (sums === undefined) {
      sums = new Float64Array(entries.length + 1);
      for (let index = 0; index < entries.length; index += 1) sums[index + 1] = sums[index]! + this.count(entries.value(index));
      this.sums.set(container, sums);
    }
    return sums[to]! - sums[from]!;
  }

  private readonly sums = new WeakMap<object, Float64Array>();
}

/** A container's entries by index, without a pair made for each (an array of 40,000 rows, at every ladder step). */
interface Entries {
  length: number;
  key(index: number): string | undefined;
  value(index: number): unknown;
}

function entriesOf(item: Record<string, unknown> | unknown[]): Entries {
  if (Array.isArray(item)) return { length: item.length, key: () => undefined, value: (index) => item[index] };
  const keys = Object.keys(item);
  return { length: keys.length, key: (index) => keys[index], value: (index) => item[keys[index]!] };
}

/** Thrown inside a render that grew past its limit. */
class TooLong extends Error {}

/** Renders one view of `value` with these limits; undefined when it would pass `maxChars` (default: no limit). */
export function renderJsonView(value: unknown, limits: JsonViewLimits, maxChars = Infinity, counter = new LineCounter()): string | undefined {
  const out: string[] = [];
  let chars = 0;
  const push = (line: string): void => {
    chars += line.length + 1;
    if (chars > maxChars) throw new TooLong();
    out.push(line);
  };
  // `line` is the 1-based line of the full pretty print that the value being written starts on.
  const write = (item: unknown, depth: number, line: number, prefix: string, suffix: string): void => {
    const pad = INDENT.repeat(depth);
    if (!isContainer(item)) {
      push(`${pad}${prefix}${renderScalar(item, limits.chars)}${suffix}`);
      return;
    }
    const entries = entriesOf(item);
    const [open, close] = Array.isArray(item) ? ["[", "]"] : ["{", "}"];
    if (entries.length === 0) {
      push(`${pad}${prefix}${open}${close}${suffix}`);
      return;
    }
    if (depth >= limits.depth) {
      const what = Array.isArray(item) ? "item" : "key";
      const lines = counter.count(item);
      push(`${pad}${prefix}${open}… ${group(entries.length)} ${what}${entries.length === 1 ? "" : "s"}: lines ${group(line)}-${group(line + lines - 1)} …${close}${suffix}`);
      return;
    }
    push(`${pad}${prefix}${open}`);
    const keep = Array.isArray(item) ? limits.items : depth === 0 ? Infinity : depth === 1 ? limits.keys * 10 : limits.keys;
    const shown = shownIndexes(entries.length, keep, Array.isArray(item));
    let cursor = line + 1;
    let index = 0;
    for (const next of shown) {
      if (next > index) cursor = writeGap(push, item, entries, index, next, depth + 1, cursor, counter);
      const key = entries.key(next);
      const child = entries.value(next);
      const comma = next < entries.length - 1 ? "," : "";
      write(child, depth + 1, cursor, key === undefined ? "" : `${JSON.stringify(key)}: `, comma);
      cursor += counter.count(child);
      index = next + 1;
    }
    if (index < entries.length) writeGap(push, item, entries, index, entries.length, depth + 1, cursor, counter);
    push(`${pad}${close}${suffix}`);
  };
  try {
    write(value, 0, 1, "", "");
  } catch (error) {
    if (error instanceof TooLong) return undefined;
    throw error;
  }
  return out.join("\n");
}

/** Which entries to show: all when few, else `keep` from the start and (for arrays) `keep` from the end. */
function shownIndexes(length: number, keep: number, isArray: boolean): number[] {
  if (keep === Infinity || length <= (isArray ? 2 * keep + 1 : keep + 1)) return Array.from({ length }, (_, index) => index);
  const head = Array.from({ length: keep }, (_, index) => index);
  const tail = isArray ? Array.from({ length: keep }, (_, index) => length - keep + index) : [];
  return [...head, ...tail];
}

/** Writes the line that stands for entries [from, to) and returns the line after them in the full pretty print. */
function writeGap(push: (line: string) => void, item: Record<string, unknown> | unknown[], entries: Entries, from: number, to: number, depth: number, line: number, counter: LineCounter): number {
  const lines = counter.span(item, entries, from, to);
  const count = to - from;
  const isArray = Array.isArray(item);
  const what = isArray ? (count === 1 ? "item" : "items") : count === 1 ? "key" : "keys";
  push(`${INDENT.repeat(depth)}… ${group(count)} more ${what}: lines ${group(line)}-${group(line + lines - 1)} …`);
  return line + lines;
}

/** A scalar as JSON; a string longer than `chars` keeps its start and end with the count of what is cut. */
function renderScalar(value: unknown, chars: number): string {
  if (typeof value !== "string" || value.length <= chars + 32) return stringifyJson(value);
  const half = Math.max(1, Math.floor(chars / 2));
  const start = safeSlice(value, 0, half);
  const end = safeSlice(value, value.length - half, value.length);
  return `${JSON.stringify(start).slice(0, -1)}… ${group(value.length - start.length - end.length)} more chars …${JSON.stringify(end).slice(1)}`;
}

/** A slice that never splits a surrogate pair. */
function safeSlice(text: string, from: number, to: number): string {
  let start = from;
  let end = to;
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start += 1;
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end -= 1;
  return text.slice(start, Math.max(start, end));
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The most faithful view of the ladder that `fits` accepts, or undefined when even the most compact does not.
 * `maxChars` stops a render early once it is sure not to fit (views are never shorter in bytes than in chars).
 */
export function viewJsonWithin(value: unknown, fits: (view: string) => boolean, maxChars = Infinity, ladder: readonly JsonViewLimits[] = JSON_VIEW_LADDER): string | undefined {
  const counter = new LineCounter();
  for (const limits of ladder) {
    const view = renderJsonView(value, limits, maxChars, counter);
    if (view !== undefined && fits(view)) return view;
  }
  return undefined;
}
