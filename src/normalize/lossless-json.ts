// Numbers as written (SPEC §2): JSON numbers that a double cannot give back as written (big integers, `-0`,
// `1e999999`, `1.0`) are kept as their source text, and every JSON correx writes puts that text back.
/** The marker a LosslessNumber serializes to while stringifyJson runs; random per process, so no input can forge it. */
const NONCE = `\u0000${Math.random().toString(36).slice(2, 10)}${Math.random().toString(36).slice(2, 10)}:`;
const ESCAPED_NONCE = NONCE.replace("\u0000", "\\u0000");
let stringifying = 0;
let written = 0;

/**
 * A JSON number kept as its source text because a double would change it. Arithmetic sees the double
 * (`valueOf`); stringifyJson writes the source text; a plain JSON.stringify writes the double.
 */
export class LosslessNumber {
  constructor(readonly source: string) {}

  valueOf(): number {
    return Number(this.source);
  }

  toString(): string {
    return this.source;
  }

  toJSON(): string | number {
    if (stringifying === 0) return Number(this.source);
    written += 1;
    return `${NONCE}${this.source}`;
  }
}

/** True when a double prints back as exactly this JSON number text (`12`, `0.5`; not `1.0`, `-0`, `1e3`). */
export function isExactNumber(source: string): boolean {
  const length = source.length;
  const first = source.charCodeAt(0);
  const digits = first === 0x2d ? length - 1 : length;
  // Plain integers of up to 15 digits always survive (a leading zero is not valid JSON, `-0` is the one exception).
  if (digits <= 15 && /^-?\d+$/.test(source)) return source !== "-0";
  const value = Number(source);
  return Number.isFinite(value) && String(value) === source;
}

/** JSON.stringify that writes every LosslessNumber as its source text (a replacer sees it as a placeholder string). */
export function stringifyJson(value: unknown, indent?: number, replacer?: (key: string, item: unknown) => unknown): string {
  const before = written;
  stringifying += 1;
  let text: string | undefined;
  try {
    text = replacer === undefined ? JSON.stringify(value, null, indent) : JSON.stringify(value, replacer, indent);
  } finally {
    stringifying -= 1;
  }
  if (text === undefined) return "null";
  if (written === before) return text;
  return text.split(`"${ESCAPED_NONCE}`).map((piece, index) => (index === 0 ? piece : piece.replace('"', ""))).join("");
}

/** A reviver that turns the placeholders written by `markLossyNumbers` back into LosslessNumbers. */
function reviveNumbers(_key: string, value: unknown): unknown {
  return typeof value === "string" && value.startsWith(NONCE) ? new LosslessNumber(value.slice(NONCE.length)) : value;
}

/** What one pass over JSON bytes found: where nesting first went past the limit (-1: never), and lossy numbers. */
export interface JsonScan {
  tooDeepAt: number;
  lossyNumbers: { start: number; end: number }[];
}

/**
 * One pass over JSON bytes, outside strings byte by byte and over strings by indexOf: the first bracket nested
 * deeper than `depthLimit`, and every number token a double would not write back as it is written. Short strings
 * and plain integers (most of any JSON) are passed in the loop itself, without a call or a string made for them.
 */
export function scanJson(bytes: Uint8Array, depthLimit: number): JsonScan {
  const lossyNumbers: { start: number; end: number }[] = [];
  const length = bytes.length;
  let depth = 0;
  let index = 0;
  while (index < length) {
    const byte = bytes[index]!;
    if (byte === 0x22) {
      index = skipShortString(bytes, index);
    } else if (byte === 0x5b || byte === 0x7b) {
      depth += 1;
      if (depth > depthLimit) return { tooDeepAt: index, lossyNumbers };
      index += 1;
    } else if (byte === 0x5d || byte === 0x7d) {
      depth -= 1;
      index += 1;
    } else if (byte === 0x2d || (byte >= 0x30 && byte <= 0x39)) {
      const start = index;
      // Digits only, at most 15 of them, not `-0` or `-`: a double always writes such an integer back as it is.
      if (byte === 0x2d) index += 1;
      const digitsFrom = index;
      while (index < length && bytes[index]! >= 0x30 && bytes[index]! <= 0x39) index += 1;
      const digits = index - digitsFrom;
      const plain = digits > 0 && digits <= 15 && !(index < length && isNumberByte(bytes[index]!)) && !(byte === 0x2d && digits === 1 && bytes[digitsFrom] === 0x30);
      if (plain) continue;
      while (index < length && isNumberByte(bytes[index]!)) index += 1;
      if (!isExactNumber(Buffer.from(bytes.buffer, bytes.byteOffset + start, index - start).toString("latin1"))) lossyNumbers.push({ start, end: index });
    } else {
      index += 1;
    }
  }
  return { tooDeepAt: -1, lossyNumbers };
}

/** Bytes of a string passed in the loop before skipString's indexOf takes over (a call costs more than a short key). */
const SHORT_STRING_BYTES = 48;

/** The index just past the string that starts at `start` (a quote): short ones here, long ones by skipString. */
function skipShortString(bytes: Uint8Array, start: number): number {
  const stop = Math.min(bytes.length, start + SHORT_STRING_BYTES);
  for (let index = start + 1; index < stop; index += 1) {
    const byte = bytes[index]!;
    if (byte === 0x22) return index + 1;
    if (byte === 0x5c) return skipString(bytes, start);
  }
  return skipString(bytes, start);
}

/**
 * Parses JSON text known to be valid, keeping lossy numbers as LosslessNumbers. `bytes` is the same input as
 * UTF-8 and `scan` its scanJson (by default scanned here); only when a number is lossy is the text parsed twice.
 */
export function parseLosslessJson(text: string, bytes: Uint8Array, scan: JsonScan = scanJson(bytes, Infinity)): unknown {
  const value: unknown = JSON.parse(text);
  if (scan.lossyNumbers.length === 0) return value;
  const pieces: Uint8Array[] = [];
  let copied = 0;
  for (const { start, end } of scan.lossyNumbers) {
    const source = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString("latin1");
    pieces.push(bytes.subarray(copied, start), Buffer.from(JSON.stringify(`${NONCE}${source}`)));
    copied = end;
  }
  pieces.push(bytes.subarray(copied));
  return JSON.parse(new TextDecoder("utf-8").decode(Buffer.concat(pieces)), reviveNumbers);
}

function isNumberByte(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x2b || byte === 0x2e || byte === 0x65 || byte === 0x45;
}

/** The index just past the string that starts at `start` (a quote). */
export function skipString(bytes: Uint8Array, start: number): number {
  let index = start + 1;
  for (;;) {
    const quote = bytes.indexOf(0x22, index);
    if (quote === -1) return bytes.length;
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    index = quote + 1;
  }
}

/** JSON.parse that keeps the numbers a double would change as their source text (throws on invalid JSON, as JSON.parse). */
export function parseJsonKeepingNumbers(text: string, depthLimit = Number.POSITIVE_INFINITY): unknown {
  return keepingNumbers(text, () => Buffer.from(text, "utf8"), depthLimit);
}

/** parseJsonKeepingNumbers of UTF-8 bytes already in hand: the text is decoded once, never encoded back (any depth). */
export function parseJsonBytesKeepingNumbers(bytes: Uint8Array): unknown {
  return keepingNumbers(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"), () => bytes);
}

/**
 * JSON.parse of `text`, then the lossless parse of its bytes only where a number would change. Nesting past
 * `depthLimit` throws a RangeError (JSON.parse reads any depth; JSON.stringify and the views recurse).
 */
function keepingNumbers(text: string, bytesOf: () => Uint8Array, depthLimit = Number.POSITIVE_INFINITY): unknown {
  const value: unknown = JSON.parse(text);
  const bytes = bytesOf();
  const scan = scanJson(bytes, depthLimit);
  if (scan.tooDeepAt >= 0) throw new RangeError(`JSON nested deeper than ${depthLimit} levels (at byte ${scan.tooDeepAt})`);
  return scan.lossyNumbers.length === 0 ? value : parseLosslessJson(text, bytes, scan);
}
