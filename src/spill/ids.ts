// Spill ids: time-sortable and unguessable (`tool_<time><random>`), validated before any path is built.
import { nodeCrypto } from "../lazy-builtin.js";
import { UsageError } from "../errors.js";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32, lower case
const TIME_CHARS = 10;
const RANDOM_CHARS = 16;
/** The exact form of an id: `tool_` then 26 Crockford base32 characters. */
export const ID_PATTERN = /^tool_[0-9abcdefghjkmnpqrstvwxyz]{26}$/;

/** A new id: 10 characters of milliseconds since the epoch, then 80 random bits. */
export function createId(now: number = Date.now()): string {
  let time = "";
  let value = now;
  for (let index = 0; index < TIME_CHARS; index += 1) {
    time = ALPHABET[value % 32]! + time;
    value = Math.floor(value / 32);
  }
  const bytes = nodeCrypto().randomBytes(RANDOM_CHARS);
  let random = "";
  for (const byte of bytes) random += ALPHABET[byte % 32];
  return `tool_${time}${random}`;
}

/** The creation time encoded in an id. */
export function idTime(id: string): number {
  let value = 0;
  for (let index = 5; index < 5 + TIME_CHARS; index += 1) value = value * 32 + ALPHABET.indexOf(id[index]!);
  return value;
}

/** Refuses anything that is not a well-formed id (so `../x` never reaches a path). */
export function validateId(id: string): string {
  if (!ID_PATTERN.test(id)) {
    throw new UsageError(`invalid output id: '${id}' (accepts an id such as tool_01jdq3v2m8x4k7c9r5t0w2y6ab, as printed in a marker)`);
  }
  return id;
}
