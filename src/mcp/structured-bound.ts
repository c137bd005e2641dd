// Bounds a large structuredContent value while keeping its shape (keys, types), so that a client which checks it
// against the tool's outputSchema still accepts it: long strings are cut inside, long arrays keep both ends.
// Media data that the content blocks carry too (a base64 image repeated in structuredContent) is not text to
// bound: it passes unchanged and uncounted, or is emptied when --max-media left it out of the content.
import { CutString, fullLength, isReduced } from "../normalize/reduced-json.js";
import { isRecord } from "../payload.js";
import { prefixEnd } from "../text/utf8.js";

/** The budget, where the full value is, and which media strings to keep or empty. */
export interface StructuredBoundOptions {
  maxBytes: number;
  /** e.g. "full result: read_output id=tool_…" */
  where: string;
  /** Media data passed through in the content: kept whole here too, and not counted. */
  media: ReadonlySet<string>;
  /** Media data left out of the content by --max-media: emptied here too. */
  dropped: ReadonlySet<string>;
}

const MIN_STRING_CHARS = 16;

/**
 * The value itself when it fits, else a same-shaped value cut until it does (or cannot be cut more). A value reduced
 * while it streamed (normalize/reduced-json.ts) is cut the same as the whole one; it must be known not to fit.
 */
export function boundStructured(value: unknown, options: StructuredBoundOptions): { value: unknown; cut: boolean } {
  if (isReduced(value) && !reducedOverBudget(value, options.maxBytes)) throw new Error("boundStructured: a reduced value that may fit whole");
  const emptied = options.dropped.size > 0 ? cutValue(value, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, options) : value;
  if (fitsIn(emptied, options)) return { value: emptied, cut: emptied !== value };
  // Halve the room each string and array may keep until the whole fits.
  let chars = 4096;
  let items = 64;
  for (;;) {
    const cut = cutValue(value, chars, items, options);
    if (fitsIn(cut, options) || (chars <= MIN_STRING_CHARS && items <= 1)) return { value: cut, cut: true };
    chars = Math.max(MIN_STRING_CHARS, Math.floor(chars / 2));
    items = Math.max(1, Math.floor(items / 2));
  }
}

/** True when a reduced value's whole (its cut items and strings counted at their true lengths) cannot fit in maxBytes. */
export function reducedOverBudget(value: unknown, maxBytes: number): boolean {
  return lowerBound(value, maxBytes + 1, new Set()) > maxBytes;
}

/** The JSON bytes of a value, media strings that pass unchanged not counted. */
function measure(value: unknown, options: Pick<StructuredBoundOptions, "media">): number {
  // Without media the replacer changes nothing: JSON.stringify's own fast path is several times quicker.
  const json = options.media.size === 0 ? JSON.stringify(value) : JSON.stringify(value, (_key, item: unknown) => (typeof item === "string" && options.media.has(item) ? "" : item));
  return Buffer.byteLength(json ?? "");
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

function cutValue(value: unknown, chars: number, items: number, options: StructuredBoundOptions): unknown {
  if (value instanceof CutString) return cutString(value.head, value.length, chars, options.where);
  if (typeof value === "string") {
    if (options.dropped.has(value)) return "";
    if (options.media.has(value) || value.length <= chars + 64) return value;
    return cutString(value, value.length, chars, options.where);
  }
  if (Array.isArray(value)) {
    const whole = fullLength(value) <= items * 2 + 1;
    const kept = whole ? value : [...value.slice(0, items), ...value.slice(value.length - items)];
    return kept.map((item) => cutValue(item, chars, items, options));
  }
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cutValue(item, chars, items, options)]));
  }
  return value;
}

/** The first `chars` characters of a string of `length` (of which `text` holds at least those), with the note. */
function cutString(text: string, length: number, chars: number, where: string): string {
  const kept = text.slice(0, prefixEnd(text, chars, (piece) => piece.length));
  return `${kept}… [correx: ${length - kept.length} more characters cut; ${where}]`;
}
