// The store's directory and every directory above it: created one level at a time (never a recursive mkdir,
// which loops forever under /proc), and refused when someone else could swap it or a parent of it.
import * as fs from "node:fs";
import * as path from "node:path";
import { IoError } from "../errors.js";

const STICKY = 0o1000;

/** A short reason for a file-system error: "permission denied (EACCES)". */
export function describeError(error: unknown): string {
  const errno = error as NodeJS.ErrnoException;
  const reasons: Record<string, string> = {
    ENOSPC: "the disk is full", EROFS: "the file system is read-only", EACCES: "permission denied",
    EPERM: "operation not permitted", EDQUOT: "the disk quota is exceeded", ELOOP: "the path is a symbolic link",
    EEXIST: "the file already exists", ENOTDIR: "a part of the path is not a directory", ENOENT: "no such file or directory",
  };
  return `${(errno.code && reasons[errno.code]) ?? errno.message}${errno.code ? ` (${errno.code})` : ""}`;
}

const currentUid = (): number | undefined => (typeof process.getuid === "function" ? process.getuid() : undefined);

/** Throws unless `stat` (from lstat) is a real directory of ours that only we can write. */
export function refuseUnsafeDirectory(dir: string, stat: fs.Stats, what: string): void {
  if (stat.isSymbolicLink()) throw new IoError(`refusing ${what} ${dir}: it is a symbolic link`);
  if (!stat.isDirectory()) throw new IoError(`refusing ${what} ${dir}: it is not a directory`);
  const uid = currentUid();
  if (uid !== undefined && stat.uid !== uid) throw new IoError(`refusing ${what} ${dir}: it belongs to another user (uid ${stat.uid})`);
  if ((stat.mode & 0o022) !== 0) throw new IoError(`refusing ${what} ${dir}: it is writable by others (mode ${(stat.mode & 0o777).toString(8)})`);
}

/**
 * Throws when a directory above the store lets someone else rename or replace what it holds: writable by
 * group or others, unless it is sticky and owned by root (like /tmp, where only an entry's owner may move it).
 */
export function refuseUnsafeParent(dir: string, parent: string, stat: fs.Stats): void {
  if ((stat.mode & 0o022) === 0) return;
  if ((stat.mode & STICKY) !== 0 && stat.uid === 0) return;
  throw new IoError(`refusing spill directory ${dir}: its parent ${parent} is writable by others (mode ${(stat.mode & 0o7777).toString(8)}); use a directory only you can write, or make the parent sticky and owned by root like /tmp`);
}

/** The directories above `dir` (absolute), from the root down. */
function parentsOf(dir: string): string[] {
  const parents: string[] = [];
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    parents.unshift(current);
    if (path.dirname(current) === current) return parents;
  }
}

/** Checks every directory above `dir`: each that exists must be a directory that others cannot write. */
export function checkParents(dir: string): void {
  for (const parent of parentsOf(dir)) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(parent);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // created later, 0700, by ensureDirectory
      throw new IoError(`cannot use spill directory ${dir}: ${parent}: ${describeError(error)}`, { cause: error });
    }
    if (!stat.isDirectory()) throw new IoError(`cannot use spill directory ${dir}: ${parent} is not a directory (ENOTDIR)`);
    refuseUnsafeParent(dir, parent, stat);
  }
}

/**
 * Creates `dir` and any missing parent (0700), one level at a time, and fails fast with the reason; returns the
 * directories it created, deepest last (so that a writer that ends up saving nothing can remove them again).
 */
export function ensureDirectory(dir: string): string[] {
  checkParents(dir);
  const created: string[] = [];
  for (const level of [...parentsOf(dir), dir]) {
    if (fs.existsSync(level)) continue;
    try {
      fs.mkdirSync(level, { mode: 0o700 });
      created.push(level);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") continue; // created meanwhile by another writer
      throw new IoError(`cannot create spill directory ${level === dir ? dir : `${dir}: ${level}`}: ${describeError(error)}`, { cause: error });
    }
  }
  return created;
}

/** Removes directories `ensureDirectory` created, deepest first, as long as they are empty. */
export function removeCreatedDirectories(created: readonly string[]): void {
  for (const dir of [...created].reverse()) {
    try {
      fs.rmdirSync(dir);
    } catch {
      return; // not empty (another writer saved something meanwhile), or already gone
    }
  }
}

/** Closes a file being written (when still open) and removes it; what was never created or is gone is no error. */
export function discardFile(fd: number | undefined, file: string): void {
  if (fd !== undefined) {
    try {
      fs.closeSync(fd);
    } catch {
      // removing anyway: the unlink below is what matters
    }
  }
  try {
    fs.unlinkSync(file);
  } catch {
    // never created, or already gone
  }
}
