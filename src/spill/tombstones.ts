// Tombstones: every output the store removes (or never managed to save) leaves a note saying why and when,
// so that reading it later explains itself instead of failing with a bare "not found".
import * as fs from "node:fs";
import * as path from "node:path";
import { assertNever } from "../errors.js";
import { formatSize } from "../text/magic.js";
import { idTime, validateId } from "./ids.js";
import { refuseUnsafeDirectory, temporaryPath, type SpillStore } from "./store.js";

/** Why an output is gone. */
export type TombstoneReason = "expired" | "quota" | "orphan" | "disk-full" | "write-failed" | "removed";

/** What `<store>/.tombstones/<id>.json` holds. */
export interface Tombstone {
  id: string;
  /** When the output was removed (or given up on), ISO 8601. */
  removed: string;
  reason: TombstoneReason;
  /** When the output was created (from its id), ISO 8601. */
  created: string;
  /** Bytes removed (for a spill that failed: bytes written before it failed). */
  size: number;
  /** The limit or failure behind the reason: "7 days", "1.0 GiB", "the disk is full (ENOSPC)". */
  detail?: string;
}

/** The folder inside the store that holds tombstones. */
export const TOMBSTONE_DIR = ".tombstones";
/** Tombstones are removed after this long (30 days): a note older than that explains nothing useful. */
export const TOMBSTONE_MAX_AGE_MS = 30 * 86_400_000;

const tombstoneDir = (store: SpillStore): string => path.join(store.dir, TOMBSTONE_DIR);
const tombstonePath = (store: SpillStore, id: string): string => path.join(tombstoneDir(store), `${validateId(id)}.json`);

/**
 * Writes a tombstone atomically (a temporary file linked into place); the folder is created 0700 if needed. An output
 * that has a tombstone keeps it: the first reason stands (`placeFirst`).
 */
export function writeTombstone(store: SpillStore, tombstone: Tombstone): void {
  const dir = tombstoneDir(store);
  try {
    fs.mkdirSync(dir, { mode: 0o700 }); // not recursive: the store itself must already exist
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  refuseUnsafeDirectory(dir, fs.lstatSync(dir), "tombstone directory");
  const final = tombstonePath(store, tombstone.id);
  const temporary = temporaryPath(final);
  const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW;
  const fd = fs.openSync(temporary, flags, 0o600);
  try {
    try {
      fs.writeSync(fd, `${JSON.stringify(tombstone)}\n`);
    } finally {
      fs.closeSync(fd);
    }
    placeFirst(temporary, final);
  } finally {
    fs.rmSync(temporary, { force: true }); // a full disk leaves no empty temporary behind (gc never looks in here)
  }
}

/**
 * Puts the tombstone in place unless the output has one: the first reason stands. Two collectors racing on one
 * expired output: the first writes "expired" before it removes the record, and the second, whose listing then saw
 * the data without its record, takes the output for a crashed writer's orphan; its tombstone must not replace the first.
 * A hard link fails on an existing name where a rename replaces it; where the file system has no hard links, a
 * rename when the name is free.
 */
function placeFirst(temporary: string, final: string): void {
  try {
    fs.linkSync(temporary, final);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS") throw error;
    if (!fs.existsSync(final)) fs.renameSync(temporary, final);
  }
}

/** The tombstone of an output, or undefined when it has none (or it cannot be read). */
export function readTombstone(store: SpillStore, id: string): Tombstone | undefined {
  try {
    return JSON.parse(fs.readFileSync(tombstonePath(store, id), "utf8")) as Tombstone;
  } catch {
    return undefined;
  }
}

/** A tombstone for output `id`, created at its id time, removed `now`. */
export function createTombstone(id: string, reason: TombstoneReason, size: number, now: number, detail?: string): Tombstone {
  return { id, removed: new Date(now).toISOString(), reason, created: new Date(idTime(id)).toISOString(), size, ...(detail ? { detail } : {}) };
}

/**
 * Leaves a tombstone for a spill that failed (the session calls it with the writer's id and failure), so that
 * `correx read ID` says "never saved because …". Never throws: false when even the tombstone cannot be written.
 */
export function recordUnsavedOutput(store: SpillStore, id: string, failure: string, size: number, now: number = Date.now()): boolean {
  const reason: TombstoneReason = /\b(ENOSPC|EDQUOT)\b/.test(failure) ? "disk-full" : "write-failed";
  try {
    store.verify(); // never leave a note in a store that could not be used
    writeTombstone(store, createTombstone(id, reason, size, now, failure));
    return true;
  } catch {
    return false;
  }
}

/** Removes tombstones older than TOMBSTONE_MAX_AGE_MS (by the time they were written), until `isLate()`; returns how many. */
export function expireTombstones(store: SpillStore, now: number, options: { dryRun: boolean; isLate?: () => boolean }): number {
  let names: string[];
  try {
    names = fs.readdirSync(tombstoneDir(store));
  } catch {
    return 0;
  }
  let expired = 0;
  for (const [index, name] of names.entries()) {
    if (index % 32 === 31 && options.isLate?.()) break;
    const file = path.join(tombstoneDir(store), name);
    try {
      if (now - fs.lstatSync(file).mtimeMs <= TOMBSTONE_MAX_AGE_MS) continue;
      if (!options.dryRun) fs.unlinkSync(file);
      expired += 1;
    } catch {
      // removed by a concurrent gc
    }
  }
  return expired;
}

/** A time for people: "2025-01-09 14:02:11 UTC". */
export function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** Why and when an output is gone, in one sentence (what `correx read ID` prints for a removed output). */
export function describeTombstone(tombstone: Tombstone): string {
  const { id, reason, detail } = tombstone;
  const when = formatTime(tombstone.removed);
  const origin = `created ${formatTime(tombstone.created)}, ${formatSize(tombstone.size)}`;
  const again = "run the command again if you need its output";
  switch (reason) {
    case "expired":
      return `output ${id} expired: removed on ${when} because it was older than the retention${detail ? ` of ${detail}` : ""} (${origin}); ${again}`;
    case "quota":
      return `output ${id} was evicted on ${when} to keep the store under its quota${detail ? ` of ${detail}` : ""}, oldest first (${origin}); ${again}`;
    case "orphan":
      return `output ${id} was removed on ${when}: its writer never finished${detail ? ` (${detail})` : ""} (${origin})`;
    case "disk-full":
      return `output ${id} was never saved because the disk was full${detail ? ` (${detail})` : ""}, on ${when}`;
    case "write-failed":
      return `output ${id} was never saved${detail ? ` (${detail})` : ""}, on ${when}`;
    case "removed":
      return `output ${id} was removed on ${when} by correx rm (${origin}); ${again}`;
    default:
      return assertNever(reason, "tombstone reason");
  }
}
