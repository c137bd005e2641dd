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

/** The file system calls a listing makes, one file at a time (tests count them). */
export interface StoreFiles {
  /**
   * The names in a directory. Their types are not asked for (a Dirent a name costs a listing more than all its
   * reads): a record's is checked as it is read, any other file's by the lstat that gives its size.
   */
  names(dir: string): string[];
  /** A regular file's size and modification time (undefined for anything else, or when it is gone). */
  stat(file: string): StoredFile | undefined;
  /**
   * A regular file's size and first bytes (read into `buffer`, never through a symlink); undefined for anything
   * else. A file shorter than the buffer is read whole: its size is what was read (one fstat saved per record).
   */
  readHead(file: string, buffer: Buffer): { file: StoredFile; read: number } | undefined;
}

const READ_HEAD_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK;
/** Listing reads every record: without this, the first listing after outputs are written updates each one's access time. */
let noAtime = fs.constants.O_NOATIME ?? 0;

/** The store's files through node:fs. */
export const STORE_FILES: StoreFiles = {
  names: (dir) => fs.readdirSync(dir),
  stat: statRegularFile,
  readHead(file, buffer) {
    let fd: number;
    try {
      try {
        fd = fs.openSync(file, READ_HEAD_FLAGS | noAtime);
      } catch (error) {
        if (noAtime === 0 || (error as NodeJS.ErrnoException).code !== "EPERM") throw error;
        noAtime = 0; // a file of another owner: O_NOATIME is refused, read as usual from now on
        fd = fs.openSync(file, READ_HEAD_FLAGS);
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ELOOP") return undefined; // removed meanwhile, or a symlink
      throw error;
    }
    try {
      // A directory fails the read (EISDIR); a FIFO, opened without blocking, reads nothing: it is stat-ed.
      const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
      if (read > 0 && read < buffer.length) return { file: { bytes: read, modified: 0 }, read };
      const stat = fs.fstatSync(fd);
      return stat.isFile() ? { file: { bytes: stat.size, modified: stat.mtimeMs }, read } : undefined;
    } finally {
      fs.closeSync(fd);
    }
  },
};

/** One output as a listing finds it: the sizes of its files (bytes), and how much of its record was read. */
export interface ListingEntry {
  id: string;
  /** Creation time from the id (ms since the epoch). */
  created: number;
  data?: number;
  /** The data file's modification time (ms since the epoch), for the check against its record. */
  dataModified?: number;
  record?: number;
  text?: number;
  /** The text view's modification time. */
  textModified?: number;
  index?: number;
  /** Bytes of the record's head read into the buffer given to streamInventory (absent when it could not be read). */
  recordHead?: number;
}

/**
 * What path.join (so store.dataPath too) puts before a file's name in the store: a listing joins each name to it
 * by concatenation, not with a path.join per file.
 */
export function storePrefix(store: SpillStore): string {
  return path.join(store.dir, "x").slice(0, -1);
}

const DATA = 1;
const RECORD = 2;
const TEXT = 4;
const INDEX = 8;

/** An id's length: `tool_` and 26 characters. */
const ID_LENGTH = 31;
/** What a name after its id says the file is (0: none of an output's files, such as a temporary). */
const suffixKind = (suffix: string): number => (suffix === "" ? DATA : suffix === ".json" ? RECORD : suffix === ".text" ? TEXT : suffix === ".idx" ? INDEX : 0);

/**
 * The store's outputs newest first, one at a time: the names are read and sorted (ids sort by creation time, and an
 * id's files sort together: its data, then `.idx`, `.json`, `.text`, since '.' sorts before every id character),
 * each output's files are looked at only when its turn comes — memory holds the names, never the entries. The
 * record is opened and its first bytes read into `head` (valid until the next entry); the data and the text view are
 * stat-ed, their sizes and times as they are now, for the check against the record (an output cut short or changed
 * after it was saved is listed so, not by the size its record gives).
 */
export function* streamInventory(store: SpillStore, head: Buffer, files: StoreFiles = STORE_FILES): Generator<ListingEntry> {
  const names = files.names(store.dir).sort();
  const prefix = storePrefix(store);
  for (let position = names.length - 1; position >= 0; ) {
    const id = names[position]!.slice(0, ID_LENGTH);
    let kind = 0;
    for (; position >= 0 && names[position]!.startsWith(id); position -= 1) {
      kind |= suffixKind(names[position]!.slice(ID_LENGTH));
    }
    if (kind === 0 || !ID_PATTERN.test(id)) continue;
    const entry: ListingEntry = { id, created: idTime(id) };
    if (kind & RECORD) {
      try {
        const opened = files.readHead(`${prefix}${id}.json`, head);
        if (opened) {
          entry.record = opened.file.bytes;
          entry.recordHead = opened.read;
        }
      } catch {
        entry.record = files.stat(`${prefix}${id}.json`)?.bytes; // there but unreadable: listed as damaged
      }
    }
    const data = kind & DATA ? files.stat(prefix + id) : undefined;
    // Its data listed a moment ago and gone now, and its record with it: gc removed the output meanwhile (it removes
    // the record first, then the data), so it is not listed (not as damaged, which a record without data means).
    if (kind & DATA && data === undefined && entry.record !== undefined && files.stat(`${prefix}${id}.json`) === undefined) continue;
    const text = kind & TEXT ? files.stat(`${prefix}${id}.text`) : undefined;
    const index = kind & INDEX ? files.stat(`${prefix}${id}.idx`)?.bytes : undefined;
    if (data !== undefined) (entry.data = data.bytes), (entry.dataModified = data.modified);
    if (text !== undefined) (entry.text = text.bytes), (entry.textModified = text.modified);
    if (index !== undefined) entry.index = index;
    if (data !== undefined || entry.record !== undefined || text !== undefined || index !== undefined) yield entry;
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
