// Whether a stored output is still what was saved: cheap checks on every read (sizes and modification times against
// its record, its text view's presence), and on request a full sha256 of its bytes against the record's.
import { nodeCrypto } from "../lazy-builtin.js";
import * as fs from "node:fs";
import type { SpillRecord } from "./store.js";

/** A file modified this long after its record was written has been changed (the record is written after the data). */
const MODIFIED_SLACK_MS = 1000;
const HASH_CHUNK = 1 << 20;

/** The facts of one file as it is now (undefined when it is missing). */
export interface FileState {
  path: string;
  size: number;
  modifiedMs: number;
}

/** fstat of an open file as a FileState. */
export function stateOfDescriptor(path: string, fd: number): FileState {
  const stat = fs.fstatSync(fd);
  return { path, size: stat.size, modifiedMs: stat.mtimeMs };
}

/** stat of a path as a FileState; undefined when it is missing (or cannot be looked at). */
export function stateOfPath(path: string): FileState | undefined {
  try {
    const stat = fs.statSync(path);
    return { path, size: stat.size, modifiedMs: stat.mtimeMs };
  } catch {
    return undefined;
  }
}

const bytes = (count: number): string => `${count} byte${count === 1 ? "" : "s"}`;

/** What differs about one file, against the size its record gives it and the time the record was written. */
function fileDifferences(what: string, state: FileState, recordedSize: number, createdMs: number, created: string): string[] {
  const found: string[] = [];
  if (state.size !== recordedSize) {
    const how = state.size < recordedSize ? "cut short" : "grown";
    found.push(`${what} ${state.path} is ${bytes(state.size)}, its record says ${bytes(recordedSize)} (${how} after it was saved)`);
  } else if (Number.isFinite(createdMs) && state.modifiedMs > createdMs + MODIFIED_SLACK_MS) {
    found.push(`${what} ${state.path} was modified at ${new Date(state.modifiedMs).toISOString()}, after it was saved at ${created}`);
  }
  return found;
}

/**
 * What differs between output `record`'s files as they are now and as they were saved: `data` (its bytes; undefined
 * when missing) and `textView` (its text view, when the record says it has one). Empty when nothing is seen to differ.
 * Reads no byte of either file: a change that keeps the size and the modification time needs verifyHash.
 */
export function describeDifferences(record: SpillRecord, data: FileState | undefined, textView: FileState | undefined, textViewPath: string): string[] {
  const createdMs = Date.parse(record.created);
  const found = data === undefined ? ["its data file is missing"] : fileDifferences("its file", data, record.size, createdMs, record.created);
  if (record.text_size !== undefined) {
    if (textView === undefined) found.push(`its text view ${textViewPath} is missing (the lines shown are those of the data as saved, not the numbered lines its marker named)`);
    else found.push(...fileDifferences("its text view", textView, record.text_size, createdMs, record.created));
  }
  return found;
}

/** The sha256 of the file open as `fd`, read in chunks from its start (memory stays flat). */
export function hashDescriptor(fd: number): string {
  const hash = nodeCrypto().createHash("sha256");
  const chunk = Buffer.allocUnsafe(HASH_CHUNK);
  for (let position = 0; ; ) {
    const read = fs.readSync(fd, chunk, 0, HASH_CHUNK, position);
    if (read === 0) break;
    hash.update(chunk.subarray(0, read));
    position += read;
  }
  return hash.digest("hex");
}

/** The difference verifyHash finds, if any: the sha256 of the data file against its record's. */
export function verifyHash(record: SpillRecord, dataPath: string): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(dataPath, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch {
    return undefined; // a missing file is named by describeDifferences
  }
  try {
    const actual = hashDescriptor(fd);
    return actual === record.sha256 ? undefined : `its file ${dataPath} has sha256 ${actual}, its record says ${record.sha256} (changed after it was saved)`;
  } finally {
    fs.closeSync(fd);
  }
}

/** The one-line warning for the differences found (what is shown is the files as they are now). */
export function changedWarning(id: string, differences: readonly string[]): string {
  return `output ${id} changed after it was saved: ${differences.join("; ")}. What is shown is what is there now.`;
}
