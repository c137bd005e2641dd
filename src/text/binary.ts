// Tells binary output from text by its first bytes, and says in one line what a binary output is.
//
// The rule: only the first 8 KiB count. A UTF-16 BOM (FF FE or FE FF) means text. Otherwise a NUL byte means
// binary, and so does a head where more than 30% of the bytes are suspicious: control bytes other than
// \t \n \v \f \r \b and ESC (DEL included), and bytes that are not part of a valid UTF-8 sequence. A sequence
// cut off by the end of the head is not counted. 30% is Perl's -B rule: Latin-1 text with accents stays text
// (its model text shows U+FFFD), while random bytes score over 50%.
import { isUtf8 } from "node:buffer";
import { formatSize, sniffType } from "./magic.js";

const HEAD_BYTES = 8192;
const SUSPICIOUS_SHARE = 0.3;

/** True when output should be summarized rather than shown to a model: NUL bytes, or mostly non-text. */
export function looksBinary(head: Uint8Array): boolean {
  const bytes = head.subarray(0, HEAD_BYTES);
  if (hasUtf16Bom(bytes)) return false;
  if (bytes.includes(0)) return true;
  return countSuspiciousBytes(bytes) > bytes.length * SUSPICIOUS_SHARE;
}

/** The one-line summary shown instead of binary output, e.g. `binary output: 1.2 MiB, PNG image (sniffed)`. */
export function describeBinary(head: Uint8Array, totalBytes: number): string {
  const type = sniffType(head);
  return `binary output: ${formatSize(totalBytes)}, ${type ? `${type.name} (sniffed)` : "unknown type"}`;
}

function hasUtf16Bom(bytes: Uint8Array): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

// \b \t \n \v \f \r and ESC are at home in text (overstrikes, layout, colours).
function isTextControl(byte: number): boolean {
  return (byte >= 0x08 && byte <= 0x0d) || byte === 0x1b;
}

/** Bytes the binary sniff looked at one by one (perf tests count work, never time). */
export const sniffWork = { bytesStepped: 0 };

/** A byte that is not printable ASCII nor a text control: where counting has to look byte by byte. */
const NOT_PLAIN_TEXT = /[^\x08-\x0d\x1b\x20-\x7e]/;

/** The control bytes counted as suspicious (C0 but the text controls, and DEL), as characters of decoded text. */
const CONTROL = /[\x00-\x07\x0e-\x1a\x1c-\x1f\x7f]/g;

function countSuspiciousBytes(bytes: Uint8Array): number {
  // Printable ASCII and text controls are never suspicious: one regular expression finds where the byte-by-byte
  // count must start (most heads are plain ASCII: no loop at all, nothing for V8 to compile on the side).
  // (Decoded as UTF-8: each character before the first match is one ASCII byte, so its index is the byte's.)
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const text = buffer.toString();
  const plain = text.search(NOT_PLAIN_TEXT);
  if (plain === -1) return 0;
  // Valid UTF-8 (a head of text with ✓ or accents): no byte of a sequence is suspicious, so the count is the control
  // characters', found by a regular expression, and nothing is stepped through (V8 compiled that loop on the side for
  // every such head; issue 16). A head with an invalid sequence, or one cut off by its end, is stepped through.
  if (isUtf8(buffer.subarray(plain))) {
    let controls = 0;
    CONTROL.lastIndex = plain;
    while (CONTROL.test(text)) controls += 1;
    return controls;
  }
  sniffWork.bytesStepped += bytes.length - plain;
  let suspicious = 0;
  let index = plain;
  while (index < bytes.length) {
    const byte = bytes[index] ?? 0;
    if (byte < 0x80) {
      if ((byte < 0x20 && !isTextControl(byte)) || byte === 0x7f) suspicious += 1;
      index += 1;
      continue;
    }
    const length = utf8SequenceLength(bytes, index);
    if (length === 0) break;
    if (length > 0) index += length;
    else {
      suspicious += 1;
      index += 1;
    }
  }
  return suspicious;
}

// The length of the valid UTF-8 sequence at `index`; -1 when invalid, 0 when cut off by the end of the head.
function utf8SequenceLength(bytes: Uint8Array, index: number): number {
  const lead = bytes[index] ?? 0;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead === 0xe0) low = 0xa0;
    if (lead === 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f;
  } else return -1;
  for (let offset = 1; offset < length; offset += 1) {
    if (index + offset >= bytes.length) return 0;
    const byte = bytes[index + offset] ?? 0;
    const min = offset === 1 ? low : 0x80;
    const max = offset === 1 ? high : 0xbf;
    if (byte < min || byte > max) return -1;
  }
  return length;
}
