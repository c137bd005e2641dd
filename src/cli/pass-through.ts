// `correx bound` with no flags (or only flags that change nothing for it, `neutralArgs`) and a small plain input: the
// bytes written as they came, which is what bounding at the defaults writes for them, without loading the bounding
// engine. bin/correx runs this (dist/pass-through.cjs,
// a few KB) before the bundle, whose code cache alone costs more to deserialize than Node's own start. It only
// reads what stdin holds now (never waits); what it read of an input it cannot pass through is handed to the bundle,
// which reads on after it (input-files.ts). A property test checks the rule against boundInput.
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";
import { defaultConfigPath } from "../spill/config-path.js";
import { isatty, writeStdout } from "./io.js";
import { parseInteger, parseSizeAtLeast } from "./options.js";
import { parseBudgetBytes } from "../units.js";

/** What was read of stdin before the bundle ran, and whether that was all of it. */
export interface HandedInput {
  bytes: Buffer;
  ended: boolean;
}

/** The largest input passed through: far inside the defaults' 51,200 bytes (MODEL_BUDGET). */
export const PASS_BYTES = 8192;

/** The most lines passed through: far inside the defaults' 2,000 (the marker's line included). */
export const PASS_LINES = 1000;

/**
 * A run of repeats of a line folds into the line and a note once the repeats' bytes outweigh the note
 * (bound/lines.ts RepeatFolder): the note and its newline take 37 bytes at the least.
 */
const LEAST_NOTE_BYTES = 37;

/** The store settings' variables: a value there is parsed, and a bad one warned about. */
const STORE_VARIABLES = ["CORREX_MAX_AGE", "CORREX_QUOTA", "CORREX_MAX_OUTPUT"];

/**
 * True when `correx bound` at its defaults (the model projection, text, no config file) writes `bytes` unchanged:
 * at most PASS_BYTES and PASS_LINES, printable ASCII, tabs and newlines only (nothing to clean, not binary, valid
 * UTF-8), not starting like JSON (`{` or `[` after blanks: `--from auto` would parse it), and no run of repeated
 * lines long enough to fold. Inputs it refuses may pass unchanged too: they take the bundle's path.
 */
export function passesThrough(bytes: Uint8Array): boolean {
  if (bytes.length > PASS_BYTES) return false;
  let lines = 0;
  let lineStart = 0;
  let previousStart = -1;
  let repeats = 0;
  let blank = true;
  for (let index = 0; index <= bytes.length; index += 1) {
    const byte = index < bytes.length ? bytes[index]! : 0x0a; // the last line, with or without its newline
    if (byte === 0x0a) {
      if (index === bytes.length && lineStart === index) break; // ended with a newline: no last line to add
      const length = index - lineStart;
      if (previousStart >= 0 && sameLine(bytes, previousStart, lineStart, length)) {
        repeats += 1;
        if (repeats * (length + 1) > LEAST_NOTE_BYTES) return false;
      } else {
        repeats = 0;
      }
      previousStart = lineStart;
      lineStart = index + 1;
      if ((lines += 1) > PASS_LINES) return false;
    } else if (byte !== 0x09 && (byte < 0x20 || byte > 0x7e)) {
      return false;
    } else if (blank && byte !== 0x20 && byte !== 0x09) {
      if (byte === 0x7b || byte === 0x5b) return false;
      blank = false;
    }
  }
  return true;
}

/** True when the line at `start` (of `length` bytes) repeats the line just before it, at `previous`. */
function sameLine(bytes: Uint8Array, previous: number, start: number, length: number): boolean {
  if (start - previous !== length + 1) return false;
  for (let offset = 0; offset < length; offset += 1) if (bytes[previous + offset] !== bytes[start + offset]) return false;
  return true;
}

/**
 * The flags of `correx bound` that change nothing of what it writes for an input that passes through (at most
 * PASS_BYTES and PASS_LINES, nothing cut, so nothing saved), each with the values that do so: the store's place or
 * none (a store is written only for a cut), the model projection and text format (the defaults off a terminal),
 * salience (it acts on a cut), and budgets no smaller than the pass-through's own limits. A value is read as
 * command-args.ts reads it (`--flag value`, `--flag=value`); any other argument (a file, another flag, a value the
 * bundle would refuse or read otherwise) leaves the input to the bundle.
 */
const NEUTRAL_FLAGS: ReadonlyMap<string, ((value: string) => boolean) | undefined> = new Map([
  ["--no-spill", undefined],
  ["--spill-dir", (value: string) => value !== ""],
  ["--for", (value: string) => value === "model"],
  ["--format", (value: string) => value === "text"],
  ["--salience", (value: string) => value === "on" || value === "off"],
  ["--max-bytes", (value: string) => accepted(() => parseSizeAtLeast("--max-bytes", value, PASS_BYTES) && parseBudgetBytes("--max-bytes", value))],
  ["--max-lines", (value: string) => accepted(() => parseInteger("--max-lines", value, PASS_LINES))],
]);

/** True when every argument after `bound` is a neutral flag (NEUTRAL_FLAGS) with a value that keeps it neutral. */
export function neutralArgs(args: readonly string[]): boolean {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    const equals = arg.indexOf("=");
    const name = equals === -1 ? arg : arg.slice(0, equals);
    if (!NEUTRAL_FLAGS.has(name)) return false;
    const neutral = NEUTRAL_FLAGS.get(name);
    if (neutral === undefined) {
      if (equals !== -1) return false; // a switch given a value: commander's message
      continue;
    }
    const value = equals === -1 ? args[(index += 1)] : arg.slice(equals + 1);
    if (value === undefined || !neutral(value)) return false;
  }
  return true;
}

/**
 * True when `parse` (the bundle's own parser of the flag) takes the value as a safe integer; anything it refuses,
 * or reads past a safe integer, is left to the bundle, which says why.
 */
function accepted(parse: () => number): boolean {
  try {
    return Number.isSafeInteger(parse());
  } catch {
    return false;
  }
}

/**
 * Writes stdin as it came when it passes through (true), for `correx bound` with no flags or neutral ones
 * (`neutralArgs`). Else what was read of stdin for the bundle to start from (undefined: nothing was read). Declines
 * before reading when an argument is not neutral, when a config file or a store variable could change or warn, when
 * stdout is a terminal (io.ts's isatty, as the bundle asks: the terminal projection) or HOME is unset, and
 * reads nothing from a terminal or a socket (reading those could wait).
 */
export function passThrough(env: NodeJS.ProcessEnv = process.env, args: readonly string[] = []): true | HandedInput | undefined {
  if (env.HOME === undefined || STORE_VARIABLES.some((name) => env[name] !== undefined) || !neutralArgs(args)) return undefined;
  try {
    if (isatty(1)) return undefined; // the terminal projection: the bundle's (io.ts answers pipes, files and /dev/null without node:tty)
    if (statSync(defaultConfigPath(env, env.HOME), { throwIfNoEntry: false }) !== undefined) return undefined;
  } catch {
    return undefined;
  }
  const input = readWithoutWaiting();
  if (input === undefined || !input.ended || !passesThrough(input.bytes)) return input;
  void writeStdout(input.bytes);
  return true;
}

/** stdin as far as it can be read now, up to PASS_BYTES + 1: a pipe through a non-blocking description of its own. */
function readWithoutWaiting(): HandedInput | undefined {
  try {
    const stat = fstatSync(0);
    if (stat.isFile()) return stat.size > PASS_BYTES ? undefined : readAvailable(0);
    if (!stat.isFIFO()) return undefined;
    const own = openSync("/proc/self/fd/0", constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
    try {
      return readAvailable(own);
    } finally {
      closeSync(own);
    }
  } catch {
    return undefined;
  }
}

/** Reads `fd` until it ends, would block or has given PASS_BYTES + 1 bytes; an error leaves the rest to the bundle. */
function readAvailable(fd: number): HandedInput {
  const buffer = Buffer.allocUnsafe(PASS_BYTES + 1);
  let length = 0;
  while (length < buffer.length) {
    let count: number;
    try {
      count = readSync(fd, buffer, length, buffer.length - length, null);
    } catch {
      break; // EAGAIN: the writer is still there; another error: the bundle's read meets it and says so
    }
    if (count === 0) return { bytes: buffer.subarray(0, length), ended: true };
    length += count;
  }
  return { bytes: buffer.subarray(0, length), ended: false };
}
