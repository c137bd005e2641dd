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
}

/** The store's outputs, oldest first, and its temporary files. */
export interface Inventory {
  entries: InventoryEntry[];
  temporaries: ({ name: string } & StoredFile)[];
}

/** The bytes an entry takes on disk (data and record). */
export function entryBytes(entry: InventoryEntry): number {
  return (entry.data?.bytes ?? 0) + (entry.record?.bytes ?? 0);
}

/** Lists the store's regular files (symlinks and anything unknown are ignored, never followed). */
export function takeInventory(store: SpillStore): Inventory {
  const byId = new Map<string, InventoryEntry>();
  const temporaries: Inventory["temporaries"] = [];
  for (const name of fs.readdirSync(store.dir)) {
    const isRecord = name.endsWith(".json") && ID_PATTERN.test(name.slice(0, -5));
    const isData = ID_PATTERN.test(name);
    const isTemporary = !isRecord && !isData && TEMPORARY_PATTERN.test(name);
    if (!isRecord && !isData && !isTemporary) continue;
    const file = statRegularFile(path.join(store.dir, name));
    if (!file) continue;
    if (isTemporary) {
      temporaries.push({ name, ...file });
      continue;
    }
    const id = isRecord ? name.slice(0, -5) : name;
    const entry = byId.get(id) ?? { id, created: idTime(id) };
    if (isRecord) entry.record = file;
    else entry.data = file;
    byId.set(id, entry);
  }
  const entries = [...byId.values()].sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  return { entries, temporaries };
}

function statRegularFile(file: string): StoredFile | undefined {
  try {
    const stat = fs.lstatSync(file);
    return stat.isFile() ? { bytes: stat.size, modified: stat.mtimeMs } : undefined;
  } catch {
    return undefined; // removed meanwhile
  }
}
