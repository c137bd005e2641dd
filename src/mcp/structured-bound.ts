// Bounds a large structuredContent value while keeping its shape (keys, types), so that a client which checks it
// against the tool's outputSchema still accepts it: long strings are cut inside, long arrays keep both ends.
// Media data that the content blocks carry too (a base64 image repeated in structuredContent) is not text to
// bound: it passes unchanged and uncounted, or is emptied when --max-media left it out of the content.
import { CutString, fullLength, isReduced, REDUCED_ITEMS, REDUCED_STRING_UNITS } from "../normalize/reduced-json.js";
import { isRecord } from "../payload.js";
import { isLowSurrogateAt, prefixEnd } from "../text/utf8.js";
import { stringifyJson } from "../normalize/lossless-json.js";

/** The budget, where the full value is, and which media strings to keep or empty. */
export interface StructuredBoundOptions {
  maxBytes: number;
  /** e.g. "full result: read_output id=tool_…" */
  where: string;
  /** Media data passed through in the content: kept whole here too, and not counted. */
  media: ReadonlySet<string>;
  /** Media data left out of the content by --max-media: emptied here too. */
  dropped: ReadonlySet<string>;
  /**
   * The bounded text of the content block a string repeats (servers often repeat their text in structuredContent),
   * else undefined: such a string says what the block says, the marker included, when that fits.
   */
  repeated?: (value: string | CutString) => string | undefined;
  /**
   * Where the tool's outputSchema needs the value as it is (structured-schema.ts), by path (`$.rows[3].url`, the
   * index in the whole array): "whole" is never cut, `minItems` keeps at least that many items of an array.
   */
  protect?: ReadonlyMap<string, Protection>;
}

/** What a path of the value keeps for its outputSchema: all of it, or at least so many items of an array. */
export type Protection = "whole" | { minItems: number };

/** A bounded structuredContent: the value, whether it was cut, and where (`$.rows`, `$.content`; at most MAX_PATHS). */
export interface BoundStructured {
  value: unknown;
  cut: boolean;
  paths: string[];
}

const MIN_STRING_CHARS = 16;
/** The most characters a cut string keeps: what a string reduced as it streamed has of it, whole or cut alike. */
const MAX_STRING_CHARS = REDUCED_STRING_UNITS - 64;
/** Where cuts are told at most (a note names them). */
const MAX_PATHS = 8;

/**
 * The value itself when it fits, else a same-shaped value cut until it does (or cannot be cut more). A value reduced
 * while it streamed (normalize/reduced-json.ts) is cut the same as the whole one; it must be known not to fit.
 * Strings that repeat a content block get that block's bounded text first; failing that, every string is cut.
 */
export function boundStructured(value: unknown, options: StructuredBoundOptions): BoundStructured {
  if (isReduced(value) && !reducedOverBudget(value, options.maxBytes)) throw new Error("boundStructured: a reduced value that may fit whole");
  const emptied = options.dropped.size > 0 ? cutValue(value, { chars: Number.POSITIVE_INFINITY, items: Number.POSITIVE_INFINITY, repeats: false }, options, "$", []) : value;
  if (fitsIn(emptied, options)) return { value: emptied, cut: emptied !== value, paths: [] };
  const withRepeats = options.repeated ? searchCut(value, options, true) : undefined;
  return withRepeats?.fits ? withRepeats.bound : searchCut(value, options, false).bound;
}

/**
 * Halves the room each string and array may keep until the whole fits, then gives strings back the most room that
 * still fits (a binary search between the fitting room and twice it), so that a long string uses its share.
 */
function searchCut(value: unknown, options: StructuredBoundOptions, repeats: boolean): { bound: BoundStructured; fits: boolean } {
  const attempt = (chars: number, items: number): { bound: BoundStructured; fits: boolean } => {
    const paths: string[] = [];
    const cut = cutValue(value, { chars, items, repeats }, options, "$", paths);
    return { bound: { value: cut, cut: true, paths }, fits: fitsIn(cut, options) };
  };
  const most = Math.max(MIN_STRING_CHARS, Math.min(MAX_STRING_CHARS, options.maxBytes));
  let chars = most;
  let items = FIRST_ITEMS;
  let best = attempt(chars, items);
  while (!best.fits && (chars > MIN_STRING_CHARS || items > 1)) {
    chars = Math.max(MIN_STRING_CHARS, Math.floor(chars / 2));
    items = Math.max(1, Math.floor(items / 2));
    best = attempt(chars, items);
  }
  if (!best.fits) return best;
  if (chars < most) {
    let low = chars;
    let high = Math.min(most, chars * 2);
    while (high - low > Math.max(MIN_STRING_CHARS, low >> 5)) {
      const middle = Math.floor((low + high) / 2);
      const tried = attempt(middle, items);
      if (tried.fits) [low, best] = [middle, tried];
      else high = middle;
    }
    chars = low;
  }
  return mostItems(best, items, (count) => attempt(chars, count));
}

/** Items kept at each end of an array at the first try: halved while the whole does not fit. */
const FIRST_ITEMS = REDUCED_ITEMS;

/**
 * The cut with the most items at each end of its arrays that still fits, from `fitted` (which kept `items`, halved
 * from FIRST_ITEMS): a binary search between `items` and twice it, to within 1/16 (before, an array whose 64 a side
 * did not fit kept 32, and a cut could use half its budget). Never past FIRST_ITEMS: a value reduced as it streamed
 * keeps REDUCED_ITEMS a side, and must be cut as the whole one is.
 */
function mostItems(fitted: { bound: BoundStructured; fits: boolean }, items: number, attempt: (items: number) => { bound: BoundStructured; fits: boolean }): { bound: BoundStructured; fits: boolean } {
  let best = fitted;
  let low = items;
  let high = Math.min(items * 2, FIRST_ITEMS + 1);
  while (high - low > Math.max(1, low >> 4)) {
    const middle = Math.floor((low + high) / 2);
    const tried = attempt(middle);
    if (tried.fits) [low, best] = [middle, tried];
    else high = middle;
  }
  return best;
}

/** True when a reduced value's whole (its cut items and strings counted at their true lengths) cannot fit in maxBytes. */
export function reducedOverBudget(value: unknown, maxBytes: number): boolean {
  return lowerBound(value, maxBytes + 1, new Set()) > maxBytes;
}

/**
 * The JSON bytes of a value as it is written (numbers as their source text: `1.000`, not `1`), media strings that
 * pass unchanged not counted.
 */
function measure(value: unknown, options: Pick<StructuredBoundOptions, "media">): number {
  // Without media the replacer changes nothing: JSON.stringify's own fast path is several times quicker.
  const json = options.media.size === 0 ? stringifyJson(value) : stringifyJson(value, undefined, (_key, item: unknown) => (typeof item === "string" && options.media.has(item) ? "" : item));
  return Buffer.byteLength(json);
}

/**
 * True when the value's JSON (as `measure` counts it) fits in maxBytes. A lower bound walked first stops as soon as
 * it passes the budget, so a value far too large is never written out whole just to be measured.
 */
export function fitsIn(value: unknown, options: Pick<StructuredBoundOptions, "media" | "maxBytes">): boolean {
  return lowerBound(value, options.maxBytes + 1, options.media) <= options.maxBytes && measure(value, options) <= options.maxBytes;
}

/**
 * At most the bytes of the value's JSON (every UTF-16 unit of a string writes at least one byte, every number
 * one), counted until `stop` is reached (then a number ≥ stop). Media strings that pass unchanged count as "".
 */
function lowerBound(value: unknown, stop: number, media: ReadonlySet<string>): number {
  if (typeof value === "string") return media.has(value) ? 2 : value.length + 2;
  if (value instanceof CutString) return value.length + 2;
  if (typeof value === "number") return 1;
  if (typeof value === "boolean") return 4;
  if (value === null) return 4;
  if (Array.isArray(value)) {
    // A cut array's missing items write at least a digit and a comma each.
    let total = 2 + 2 * (fullLength(value) - value.length);
    for (let index = 0; index < value.length && total < stop; index += 1) total += lowerBound(value[index], stop - total, media) + (index > 0 ? 1 : 0);
    return total;
  }
  if (typeof value !== "object" || typeof (value as { toJSON?: unknown }).toJSON === "function") return 0;
  let total = 2;
  let first = true;
  for (const key in value) {
    if (total >= stop) break;
    const item = (value as Record<string, unknown>)[key];
    if (!Object.hasOwn(value, key) || item === undefined || typeof item === "function" || typeof item === "symbol") continue;
    total += key.length + (first ? 3 : 4) + lowerBound(item, stop - total, media);
    first = false;
  }
  return total;
}

/** How much each string and array may keep, and whether strings repeating a content block take its bounded text. */
interface Room {
  chars: number;
  items: number;
  repeats: boolean;
}

/** The value cut to `room`; where something was cut is added to `paths` (`path` is the value's own). */
function cutValue(value: unknown, room: Room, options: StructuredBoundOptions, path: string, paths: string[]): unknown {
  const cutAt = <T>(cut: T): T => {
    if (paths.length < MAX_PATHS) paths.push(path);
    return cut;
  };
  const guard = options.protect?.get(path);
  if (guard === "whole") return value;
  if (typeof value === "string" || value instanceof CutString) {
    if (typeof value === "string" && options.dropped.has(value)) return value === "" ? value : cutAt("");
    if (typeof value === "string" && (options.media.has(value) || value.length <= room.chars + 64)) return value;
    const repeated = room.repeats ? options.repeated?.(value) : undefined;
    if (repeated !== undefined) return cutAt(repeated);
    if (value instanceof CutString) return cutAt(cutString(value.head, value.tail, value.length, room.chars, options.where));
    // A cut whose note is longer than what it cuts out would write more, and break the string (a URL no longer one:
    // a client that checks the outputSchema's `format: "uri"` rejects the whole result): the string stays whole.
    const cut = cutString(value, value, value.length, room.chars, options.where);
    return cut.length < value.length ? cutAt(cut) : value;
  }
  if (Array.isArray(value)) {
    const length = fullLength(value);
    // an array the outputSchema gives a minItems keeps that many (as many as a value reduced as it streamed has)
    const side = typeof guard === "object" ? Math.max(room.items, Math.min(Math.ceil(guard.minItems / 2), Math.floor(value.length / 2))) : room.items;
    const whole = length === value.length && length <= side * 2 + 1;
    const kept = whole ? value : cutAt([...value.slice(0, side), ...value.slice(value.length - side)]);
    // An item's path is its index in the whole array.
    return kept.map((item, index) => cutValue(item, room, options, `${path}[${whole || index < side ? index : length - kept.length + index}]`, paths));
  }
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cutValue(item, room, options, childPath(path, key), paths)]));
  }
  return value;
}

/** The path of an object's key, as cuts are told: `$.rows`, `$["a key"]`. */
export function childPath(path: string, key: string): string {
  return `${path}${/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`}`;
}

/**
 * A string of `length` cut in the middle to about `chars` characters: its head (from `head`) and its tail (the end
 * of `tail`; empty when only the head is known), each ended at a line break when one is near, and the note between.
 */
function cutString(head: string, tail: string, length: number, chars: number, where: string): string {
  const half = Math.ceil(chars / 2);
  let headEnd = prefixEnd(head, tail === "" ? chars : half, (piece) => piece.length);
  const headBreak = head.lastIndexOf("\n", headEnd - 1);
  if (headBreak >= headEnd / 2) headEnd = headBreak + 1;
  let tailStart = Math.max(0, tail.length - Math.min(chars - headEnd, tail.length, length - headEnd));
  if (tail === "") tailStart = 0;
  else {
    if (isLowSurrogateAt(tail, tailStart)) tailStart += 1;
    const tailBreak = tail.indexOf("\n", tailStart);
    if (tailBreak !== -1 && tailBreak < tailStart + (tail.length - tailStart) / 2) tailStart = tailBreak + 1;
  }
  const kept = tail.slice(tailStart);
  const cut = length - headEnd - kept.length;
  return `${head.slice(0, headEnd)}… [correx: ${cut} characters cut here; ${where}] …${kept}`;
}
