// UTF-8 and grapheme boundaries: cutting text to a size without splitting a character.

/** Measures text as it will be written (UTF-8 bytes, or bytes once JSON-escaped). Must grow with the text. */
export type Measure = (text: string) => number;

/** UTF-8 byte length of a string. */
export const utf8Bytes: Measure = (text) => Buffer.byteLength(text, "utf8");

let segmenter: Intl.Segmenter | undefined;
const GRAPHEME_WINDOW = 64;

/** True when index splits a surrogate pair (the code unit at index is the second half of one). */
export function isLowSurrogateAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  const previous = text.charCodeAt(index - 1);
  return code >= 0xdc00 && code <= 0xdfff && previous >= 0xd800 && previous <= 0xdbff;
}

/** Moves a cut index to a code point boundary (never between the halves of a surrogate pair). */
function toCodePointBoundary(text: string, index: number, direction: -1 | 1): number {
  return index > 0 && index < text.length && isLowSurrogateAt(text, index) ? index + direction : index;
}

/** Moves a cut index back (or forward) to the nearest grapheme boundary within a small window. */
function toGraphemeBoundary(text: string, index: number, direction: -1 | 1): number {
  if (index <= 0 || index >= text.length) return index;
  // Between two ASCII characters there is a boundary but inside CR LF (no ASCII character extends, joins or
  // prepends): the segmenter, costly to create and to run, is needed only beside other characters.
  const before = text.charCodeAt(index - 1);
  const after = text.charCodeAt(index);
  if (before < 0x80 && after < 0x80 && !(before === 0x0d && after === 0x0a)) return index;
  const start = Math.max(0, index - GRAPHEME_WINDOW);
  const end = Math.min(text.length, index + GRAPHEME_WINDOW);
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let best = direction < 0 ? -1 : Number.POSITIVE_INFINITY;
  for (const { index: offset } of segmenter.segment(text.slice(start, end))) {
    const boundary = start + offset;
    if (direction < 0 && boundary <= index && boundary > start) best = boundary;
    if (direction > 0 && boundary >= index && boundary < end && best === Number.POSITIVE_INFINITY) best = boundary;
  }
  const found = direction < 0 ? best > 0 : Number.isFinite(best);
  return found ? best : toCodePointBoundary(text, index, direction);
}

/** The largest index i such that measure(text.slice(0, i)) <= limit, on a grapheme boundary where possible. */
export function prefixEnd(text: string, limit: number, measure: Measure = utf8Bytes, graphemes = true): number {
  if (limit <= 0) return 0;
  if (measure(text) <= limit) return text.length;
  let low = 0;
  let high = Math.min(text.length, limit);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(text.slice(0, middle)) <= limit) low = middle;
    else high = middle - 1;
  }
  const codePoint = toCodePointBoundary(text, low, -1);
  if (!graphemes) return codePoint;
  const boundary = toGraphemeBoundary(text, codePoint, -1);
  return boundary <= low ? boundary : codePoint;
}

/** The smallest index i such that measure(text.slice(i)) <= limit, on a grapheme boundary where possible. */
export function suffixStart(text: string, limit: number, measure: Measure = utf8Bytes, graphemes = true): number {
  if (limit <= 0) return text.length;
  if (measure(text) <= limit) return 0;
  let low = Math.max(0, text.length - limit);
  let high = text.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (measure(text.slice(middle)) <= limit) high = middle;
    else low = middle + 1;
  }
  const codePoint = toCodePointBoundary(text, low, 1);
  if (!graphemes) return codePoint;
  const boundary = toGraphemeBoundary(text, codePoint, 1);
  return boundary >= low ? boundary : codePoint;
}

/** The largest index <= `at` that does not fall inside a UTF-8 sequence (a cut there leaves no character in two). */
export function utf8CharBoundary(bytes: Uint8Array, at: number): number {
  let index = Math.min(at, bytes.length);
  while (index > 0 && index < bytes.length && (bytes[index]! & 0xc0) === 0x80) index -= 1;
  return index;
}

/** Skips UTF-8 continuation bytes at the start of a byte window that began inside a character. */
export function skipContinuationBytes(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length && index < 3 && ((bytes[index] ?? 0) & 0xc0) === 0x80) index += 1;
  return index;
}
