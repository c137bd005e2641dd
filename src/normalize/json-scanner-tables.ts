// The byte tables and states of the JSON scanner (json-scanner.ts).

/** Inside strings: 1 quote, 2 backslash, 3 a control character (refused), else 0. */
export const INSIDE = new Uint8Array(256);
for (let byte = 0; byte < 0x20; byte += 1) INSIDE[byte] = 3;
INSIDE[0x22] = 1;
INSIDE[0x5c] = 2;
/** 1 for JSON whitespace. */
export const BLANK = new Uint8Array(256);
BLANK[0x20] = BLANK[0x09] = BLANK[0x0a] = BLANK[0x0d] = 1;
/** 1 for a hexadecimal digit. */
export const HEX = new Uint8Array(256);
for (const byte of Buffer.from("0123456789abcdefABCDEF")) HEX[byte] = 1;
/** 1 for an escape letter JSON allows after a backslash (u is counted apart). */
export const ESCAPES = new Uint8Array(256);
for (const byte of Buffer.from('"\\/bfnrt')) ESCAPES[byte] = 1;
/** The literals, by their first byte. */
export const LITERALS: Record<number, Buffer> = { 0x74: Buffer.from("true"), 0x66: Buffer.from("false"), 0x6e: Buffer.from("null") };

/** The scanner's state: what the next byte may be. */
export const enum Scan {
  Value, ValueOrClose, Key, KeyOrClose, Colon, After, String, Escape, Hex, Literal,
  Minus, Zero, Integer, Dot, Fraction, Exponent, ExponentSign, ExponentDigits, LongString, Done, Failed,
}

/** The number state after `byte`; Scan.After when the number ended before it, Scan.Failed when it cannot. */
export function numberAfter(state: Scan, byte: number): Scan {
  const digit = byte >= 0x30 && byte <= 0x39;
  const exponent = byte === 0x65 || byte === 0x45;
  switch (state) {
    case Scan.Minus: return byte === 0x30 ? Scan.Zero : digit ? Scan.Integer : Scan.Failed;
    case Scan.Zero: return byte === 0x2e ? Scan.Dot : exponent ? Scan.Exponent : digit ? Scan.Failed : Scan.After;
    case Scan.Integer: return digit ? Scan.Integer : byte === 0x2e ? Scan.Dot : exponent ? Scan.Exponent : Scan.After;
    case Scan.Dot: return digit ? Scan.Fraction : Scan.Failed;
    case Scan.Fraction: return digit ? Scan.Fraction : exponent ? Scan.Exponent : Scan.After;
    case Scan.Exponent: return byte === 0x2b || byte === 0x2d ? Scan.ExponentSign : digit ? Scan.ExponentDigits : Scan.Failed;
    case Scan.ExponentSign: return digit ? Scan.ExponentDigits : Scan.Failed;
    case Scan.ExponentDigits: return digit ? Scan.ExponentDigits : Scan.After;
    default: return Scan.Failed;
  }
}
