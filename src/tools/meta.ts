// Reading optional facts from a result's meta (or a structured data object) without trusting their types.
import { isRecord } from "../payload.js";

/** The first of `keys` that holds a non-empty string in `source`. */
export function pickString(source: unknown, ...keys: string[]): string | undefined {
  if (!isRecord(source)) return undefined;
  for (const key of keys) {
    const value = source[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/** The first of `keys` that holds a finite number in `source`. */
export function pickNumber(source: unknown, ...keys: string[]): number | undefined {
  if (!isRecord(source)) return undefined;
  for (const key of keys) {
    const value = source[key];
    if (typeof value === "number" && Number.isFinite(value)) return value;
  }
  return undefined;
}

/** The first of `keys` that holds a boolean in `source`. */
export function pickBoolean(source: unknown, ...keys: string[]): boolean | undefined {
  if (!isRecord(source)) return undefined;
  for (const key of keys) {
    const value = source[key];
    if (typeof value === "boolean") return value;
  }
  return undefined;
}

/** The path a file tool worked on, under the names harnesses use for it. */
export function pickPath(source: unknown): string | undefined {
  return pickString(source, "path", "file_path", "filePath", "filepath");
}
