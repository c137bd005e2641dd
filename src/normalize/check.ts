// Reading untyped JSON against a shape: every reader names the JSON path of the first field that does not fit.
import { InputError } from "../errors.js";
import { isRecord } from "../payload.js";

/** The first place where a value does not fit the shape being read (a JSON path like `$.content[2].type`). */
export class ShapeMismatch extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(message);
    this.path = path;
  }
}

/**
 * `strict` is auto-detection: anything a shape does not define rejects it, so JSON that merely looks
 * like a shape stays `json`. `lenient` is a forced `--from`: unknown keys and part types are kept.
 */
export type ReadMode = "strict" | "lenient";

/** Reads a value as one shape, or throws ShapeMismatch. */
export type ShapeReader<T> = (value: unknown, mode: ReadMode) => T;

/** The JSON path of a child: `$.a`, `$[0]`, `$["odd key"]`. */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Throws a ShapeMismatch at `path`. */
export function fail(path: string, message: string): never {
  throw new ShapeMismatch(path, message);
}

/** Names the kind of a JSON value for messages: "a string", "null", "an array". */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** The value as an object, or a mismatch at `path`. */
export function readRecord(value: unknown, path: string): Record<string, unknown> {
  if (!isRecord(value)) fail(path, `expected an object, found ${describeValue(value)}`);
  return value;
}

/** A required string field. */
export function readString(record: Record<string, unknown>, key: string, path: string): string {
  const value = record[key];
  if (typeof value !== "string") fail(joinPath(path, key), `expected a string, found ${describeValue(value)}`);
  return value;
}

/** An optional string field (absent or a string). */
export function readOptionalString(record: Record<string, unknown>, key: string, path: string): string | undefined {
  return record[key] === undefined ? undefined : readString(record, key, path);
}

/** An optional boolean field (absent or a boolean). */
export function readOptionalBoolean(record: Record<string, unknown>, key: string, path: string): boolean | undefined {
  const value = record[key];
  if (value !== undefined && typeof value !== "boolean") {
    fail(joinPath(path, key), `expected a boolean, found ${describeValue(value)}`);
  }
  return value;
}

/** A required array field. */
export function readArray(record: Record<string, unknown>, key: string, path: string): unknown[] {
  const value = record[key];
  if (!Array.isArray(value)) fail(joinPath(path, key), `expected an array, found ${describeValue(value)}`);
  return value;
}

/** A required object field. */
export function readChild(record: Record<string, unknown>, key: string, path: string): Record<string, unknown> {
  return readRecord(record[key], joinPath(path, key));
}

/** A required field present with any JSON value. */
export function readPresent(record: Record<string, unknown>, key: string, path: string): unknown {
  if (!(key in record)) fail(joinPath(path, key), "required field is missing");
  return record[key];
}

/** A string field that must be one of `allowed`. */
export function readLiteral<T extends string>(record: Record<string, unknown>, key: string, path: string, allowed: readonly T[]): T {
  const value = readString(record, key, path);
  if (!(allowed as readonly string[]).includes(value)) {
    fail(joinPath(path, key), `expected one of ${allowed.map((item) => JSON.stringify(item)).join(", ")}, found ${JSON.stringify(value)}`);
  }
  return value as T;
}

/** In strict mode, rejects keys the shape does not define (near-misses stay `json`). */
export function rejectUnknownKeys(record: Record<string, unknown>, known: readonly string[], path: string, mode: ReadMode): void {
  if (mode === "lenient") return;
  const unknown = Object.keys(record).find((key) => !known.includes(key));
  if (unknown !== undefined) fail(joinPath(path, unknown), "unknown field for this shape");
}

/** The fields of `record` other than `consumed`, verbatim; undefined when there are none. */
export function pickExtra(record: Record<string, unknown>, consumed: readonly string[]): Record<string, unknown> | undefined {
  let extra: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(record)) {
    if (consumed.includes(key)) continue;
    extra ??= {};
    extra[key] = value;
  }
  return extra;
}

/** Merges extras, dropping undefined entries; undefined when nothing is left. */
export function mergeExtra(...extras: (Record<string, unknown> | undefined)[]): Record<string, unknown> | undefined {
  let merged: Record<string, unknown> | undefined;
  for (const extra of extras) {
    if (extra === undefined) continue;
    for (const [key, value] of Object.entries(extra)) {
      if (value === undefined) continue;
      merged ??= {};
      merged[key] = value;
    }
  }
  return merged;
}

/** True when `read` accepts `value` in strict mode (auto-detection). */
export function readsStrictly(read: ShapeReader<unknown>, value: unknown): boolean {
  try {
    read(value, "strict");
    return true;
  } catch (error) {
    if (error instanceof ShapeMismatch) return false;
    throw error;
  }
}

/** Runs `read` as a forced `--from`: a mismatch becomes an InputError naming the JSON path (exit 65). */
export function readForced<T>(read: ShapeReader<T>, shape: string, value: unknown): T {
  try {
    return read(value, "lenient");
  } catch (error) {
    if (error instanceof ShapeMismatch) throw new InputError(`not ${/^[aeiou]/.test(shape) ? "an" : "a"} ${shape} tool result: ${error.message}`, error.path, { cause: error });
    throw error;
  }
}
