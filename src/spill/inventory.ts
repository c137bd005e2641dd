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
  /** Bytes of the record's head read into the buffer given to streamInventory (absent when it could not be read). */
  recordHead?: number;
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

/** The file system calls a listing makes, one file at a time (tests count them). */
export interface StoreFiles {
  /** The names in a directory. */
  names(dir: string): string[];
  /** A regular file's size and modification time (undefined for anything else, or when it is gone). */
  stat(file: string): StoredFile | undefined;
  /** A regular file's size and first bytes (read into `buffer`, never through a symlink); undefined for anything else. */
  readHead(file: string, buffer: Buffer): { file: StoredFile; read: number } | undefined;
}

/** The store's files through node:fs. */
export const STORE_FILES: StoreFiles = {
  names: (dir) => fs.readdirSync(dir),
  stat: statRegularFile,
  readHead(file, buffer) {
    let fd: number;
    try {
      fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ELOOP") return undefined; // removed meanwhile, or a symlink
      throw error;
    }
    try {
      const stat = fs.fstatSync(fd);
      return stat.isFile() ? { file: { bytes: stat.size, modified: stat.mtimeMs }, read: fs.readSync(fd, buffer, 0, buffer.length, 0) } : undefined;
    } finally {
      fs.closeSync(fd);
    }
  },
};

const DATA = 1;
const RECORD = 2;
const TEXT = 4;
const INDEX = 8;

/**
 * The store's outputs newest first, one at a time: the names are read and sorted (ids sort by creation time),
 * each output's files are stat-ed only when its turn comes — memory holds the ids, never the entries. With
 * `head`, each record is opened instead and its first bytes read into it (valid until the next entry).
 */
export function* streamInventory(store: SpillStore, files: StoreFiles = STORE_FILES, head?: Buffer): Generator<InventoryEntry> {
  const kinds = new Map<string, number>();
  for (const name of files.names(store.dir)) {
    const dot = name.length - (name.endsWith(".idx") ? 4 : 5);
    const suffix = name.slice(dot);
    const kind = ID_PATTERN.test(name) ? DATA : suffix === ".json" ? RECORD : suffix === ".text" ? TEXT : suffix === ".idx" ? INDEX : 0;
    const id = kind === DATA ? name : name.slice(0, dot);
    if (kind === 0 || (kind !== DATA && !ID_PATTERN.test(id))) continue;
    kinds.set(id, (kinds.get(id) ?? 0) | kind);
  }
  const ids = [...kinds.keys()].sort();
  for (let position = ids.length - 1; position >= 0; position -= 1) {
    const id = ids[position]!;
    const kind = kinds.get(id)!;
    const entry: InventoryEntry = { id, created: idTime(id) };
    const file = (flag: number, suffix: string): StoredFile | undefined => (kind & flag ? files.stat(path.join(store.dir, id + suffix)) : undefined);
    const [data, text, index] = [file(DATA, ""), file(TEXT, ".text"), file(INDEX, ".idx")];
    let record: StoredFile | undefined;
    if (head && kind & RECORD) {
      const recordPath = path.join(store.dir, `${id}.json`);
      let opened;
      try {
        opened = files.readHead(recordPath, head);
      } catch {
        record = files.stat(recordPath); // there but unreadable: listed as damaged
      }
      if (opened) [record, entry.recordHead] = [opened.file, opened.read];
    } else {
      record = file(RECORD, ".json");
    }
    if (data) entry.data = data;
    if (record) entry.record = record;
    if (text) entry.text = text;
    if (index) entry.index = index;
    if (data || record || text || index) yield entry;
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
