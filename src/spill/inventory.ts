// What a store holds on disk right now: each output's data file and record, and leftover temporary files.
import * as fs from "node:fs";
import * as path from "node:path";
import { ID_PATTERN, idTime } from "./ids.js";
import { TEMPORARY_PATTERN, type SpillStore } from "./store.js";

/** One file's size and last modification (ms since the epoch). */
export interface StoredFile {
  bytes: number;
  modified: number;
}

/** One output as found on disk; a data file without a record is being written (or its writer crashed). */
export interface InventoryEntry {
  id: string;
  /** Creation time from the id (ms since the epoch). */
  created: number;
  data?: StoredFile;
  record?: StoredFile;
  /** The text view of a structured input (`<id>.text`). */
  text?: StoredFile;
  /** The line index (`<id>.idx`). */
  index?: StoredFile;
}

/** The store's outputs, oldest first, and its temporary files. */
export interface Inventory {
  entries: InventoryEntry[];
  temporaries: ({ name: string } & StoredFile)[];
}

/** The bytes an entry takes on disk: data, record, text view and line index (what the quota counts). */
export function entryBytes(entry: InventoryEntry): number {
  return (entry.data?.bytes ?? 0) + (entry.record?.bytes ?? 0) + (entry.text?.bytes ?? 0) + (entry.index?.bytes ?? 0);
}

/**
 * Lists the store's regular files (symlinks and anything unknown are ignored, never followed); undefined when
 * `isLate()` turns true first (it is asked every few files: one lstat each is what a big store costs).
 */
export function takeInventory(store: SpillStore): Inventory;
export function takeInventory(store: SpillStore, isLate: () => boolean): Inventory | undefined;
export function takeInventory(store: SpillStore, isLate: () => boolean = () => false): Inventory | undefined {
  const byId = new Map<string, InventoryEntry>();
  const temporaries: Inventory["temporaries"] = [];
  const dir = fs.opendirSync(store.dir, { bufferSize: 64 });
  try {
    for (let entry = dir.readSync(), index = 0; entry !== null; entry = dir.readSync(), index += 1) {
      if (index % 32 === 31 && isLate()) return undefined;
      addFile(entry.name); // the type is checked by lstat: some file systems do not report it here
    }
  } finally {
    dir.closeSync();
  }
  const entries = [...byId.values()].sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  return { entries, temporaries };

  function addFile(name: string): void {
    const isRecord = name.endsWith(".json") && ID_PATTERN.test(name.slice(0, -5));
    const isText = name.endsWith(".text") && ID_PATTERN.test(name.slice(0, -5));
    const isIndex = name.endsWith(".idx") && ID_PATTERN.test(name.slice(0, -4));
    const isData = ID_PATTERN.test(name);
    const isTemporary = !isRecord && !isText && !isIndex && !isData && TEMPORARY_PATTERN.test(name);
    if (!isRecord && !isText && !isIndex && !isData && !isTemporary) return;
    const file = statRegularFile(path.join(store.dir, name));
    if (!file) return;
    if (isTemporary) {
      temporaries.push({ name, ...file });
      return;
    }
    const id = isRecord || isText ? name.slice(0, -5) : isIndex ? name.slice(0, -4) : name;
    const entry = byId.get(id) ?? { id, created: idTime(id) };
    if (isRecord) entry.record = file;
    else if (isText) entry.text = file;
    else if (isIndex) entry.index = file;
    else entry.data = file;
    byId.set(id, entry);
  }
}

function statRegularFile(file: string): StoredFile | undefined {
  try {
    const stat = fs.lstatSync(file);
    return stat.isFile() ? { bytes: stat.size, modified: stat.mtimeMs } : undefined;
  } catch {
    return undefined; // removed meanwhile
  }
}
