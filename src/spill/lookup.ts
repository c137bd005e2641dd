// Opens a stored output for reading, or explains exactly why it cannot be read (never a bare "not found").
import * as fs from "node:fs";
import { IoError, NotFoundError } from "../errors.js";
import { validateId } from "./ids.js";
import { describeDifferences, stateOfDescriptor, stateOfPath, verifyHash } from "./integrity.js";
import { readLineIndex, type LineIndex } from "./line-index.js";
import { describeError, type SpillRecord, type SpillStore } from "./store.js";
import { describeTombstone, readTombstone, TOMBSTONE_MAX_AGE_MS } from "./tombstones.js";

/** A stored output opened for reading: the caller closes `fd`. Once open, a concurrent gc cannot pull it away. */
export interface OpenedOutput {
  record: SpillRecord;
  path: string;
  fd: number;
  /** The data's line index, when it has a complete one (never for a text view). */
  index?: LineIndex;
  /** The bytes of the opened file (the data or the text view) and those the per-output cap kept out of it. */
  savedBytes: number;
  notSavedBytes: number;
  /** What differs between its files now and as saved (sizes, times, a missing text view; sha256 when verified). */
  differences: string[];
}

/** How to open: `verify` hashes the data (sha256) against its record, besides the cheap checks always made. */
export interface OpenOptions {
  verify?: boolean;
}

/**
 * What a CLI user can do when a store lacks an output, said at the end of the message; left out where no flag can be
 * given (the MCP tools' answers, the library's openOutput): a model told to "use --spill-dir" has no such argument.
 */
const OTHER_STORE_HINT = " (use --spill-dir or CORREX_SPILL_DIR for another store)";

/** Runs a lookup whose caller cannot name another store (an MCP tool, a library call): its NotFoundError without OTHER_STORE_HINT. */
export function withoutOtherStoreHint<T>(lookup: () => T): T {
  try {
    return lookup();
  } catch (error) {
    if (error instanceof NotFoundError && error.message.endsWith(OTHER_STORE_HINT)) throw new NotFoundError(error.message.slice(0, -OTHER_STORE_HINT.length), { cause: error });
    throw error;
  }
}

/**
 * Opens output `id` (validated before any path is built) — its text view when it has one, else the bytes as
 * read; NotFoundError says why when it is not readable.
 */
export function openOutput(store: SpillStore, id: string, options: OpenOptions = {}): OpenedOutput {
  validateId(id);
  try {
    store.verify();
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError(`no stored output ${id}: ${error.message}${OTHER_STORE_HINT}`);
    throw error;
  }
  let record: SpillRecord;
  try {
    record = store.readRecord(id);
  } catch (error) {
    if (error instanceof NotFoundError) throw explainMissing(store, id, false);
    throw error;
  }
  // A structured input (JSON) is paged through its text view: the lines the marker's numbers count.
  const textView = store.textViewPath(id);
  const path = fs.existsSync(textView) ? textView : store.dataPath(id);
  let fd: number;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw explainMissing(store, id, true);
    throw new IoError(`cannot open ${path}: ${describeError(error)}`, { cause: error });
  }
  const opened = stateOfDescriptor(path, fd);
  const dataState = path === textView ? stateOfPath(store.dataPath(id)) : opened;
  const differences = describeDifferences(record, dataState, path === textView ? opened : undefined, textView);
  if (options.verify && dataState !== undefined && dataState.size === record.size) {
    const hashed = verifyHash(record, store.dataPath(id));
    if (hashed !== undefined) differences.push(hashed);
  }
  if (path === textView) return { record, path, fd, savedBytes: opened.size, notSavedBytes: record.text_not_saved_bytes ?? 0, differences };
  const index = readLineIndex(store.indexPath(id), opened.size);
  return { record, path, fd, ...(index ? { index } : {}), savedBytes: record.size, notSavedBytes: record.not_saved_bytes ?? 0, differences };
}

/** Why output `id` is not there: its tombstone, a writer still at work, or never stored in this store. */
export function explainMissing(store: SpillStore, id: string, recordSeen: boolean): NotFoundError {
  const tombstone = readTombstone(store, id);
  if (tombstone) return new NotFoundError(describeTombstone(tombstone));
  if (recordSeen) return new NotFoundError(`output ${id} has a record but its data file ${store.dataPath(id)} is missing (removed outside correx?)`);
  if (fs.existsSync(store.dataPath(id))) {
    // A writer at work and one that was killed (SIGKILL, a second signal) look the same: name both, and the bytes.
    return new NotFoundError(`output ${id} has no record yet: it is still being written (try again when its command has finished), or the correx that wrote it was killed (gc removes it once its last write is an hour old); the bytes saved so far: ${store.dataPath(id)}`);
  }
  const days = TOMBSTONE_MAX_AGE_MS / 86_400_000;
  return new NotFoundError(`no stored output ${id} in ${store.dir}: it was never stored here, or it was removed more than ${days} days ago${OTHER_STORE_HINT}`);
}
