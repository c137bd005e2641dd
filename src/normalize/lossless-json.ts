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

/** JSON.stringify that writes every LosslessNumber as its source text. */
export function stringifyJson(value: unknown, indent?: number): string {
  const before = written;
  stringifying += 1;
  let text: string | undefined;
  try {
    text = JSON.stringify(value, null, indent);
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

/**
 * Parses JSON text already known to be valid, keeping lossy numbers as LosslessNumbers. `bytes` is the same
 * input as UTF-8 (it is scanned for number tokens; only when one is lossy is the text parsed a second time).
 */
export function parseLosslessJson(text: string, bytes: Uint8Array): unknown {
  const value: unknown = JSON.parse(text);
  const marked = markLossyNumbers(bytes);
  return marked === undefined ? value : JSON.parse(new TextDecoder("utf-8").decode(marked), reviveNumbers);
}

/** The bytes with every lossy number token replaced by a placeholder string, or undefined when there is none. */
function markLossyNumbers(bytes: Uint8Array): Buffer | undefined {
  const pieces: Uint8Array[] = [];
  let copied = 0;
  let index = 0;
  const length = bytes.length;
  while (index < length) {
    const byte = bytes[index]!;
    if (byte === 0x22) {
      index = skipString(bytes, index);
      continue;
    }
    if (byte !== 0x2d && (byte < 0x30 || byte > 0x39)) {
      index += 1;
      continue;
    }
    const start = index;
    while (index < length && isNumberByte(bytes[index]!)) index += 1;
    const source = Buffer.from(bytes.buffer, bytes.byteOffset + start, index - start).toString("latin1");
    if (isExactNumber(source)) continue;
    pieces.push(bytes.subarray(copied, start), Buffer.from(JSON.stringify(`${NONCE}${source}`)));
    copied = index;
  }
  if (pieces.length === 0) return undefined;
  pieces.push(bytes.subarray(copied));
  return Buffer.concat(pieces);
}

function isNumberByte(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x2b || byte === 0x2e || byte === 0x65 || byte === 0x45;
}

/** The index just past the string that starts at `start` (a quote). */
function skipString(bytes: Uint8Array, start: number): number {
  let index = start + 1;
  for (;;) {
    const quote = indexOfByte(bytes, 0x22, index);
    if (quote === -1) return bytes.length;
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    index = quote + 1;
  }
}

function indexOfByte(bytes: Uint8Array, byte: number, from: number): number {
  return bytes.indexOf(byte, from);
}
