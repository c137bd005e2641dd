// The store's lifecycle: retention, quota (oldest first), orphans of crashed writers, and tombstones for all of it.
// Runs on `correx gc`, and in passing at most once an hour (a `.last-gc` stamp keeps the check to one lstat).
import * as fs from "node:fs";
import * as path from "node:path";
import { IoError } from "../errors.js";
import { monotonicMs } from "../run/clock.js";
import { formatSize } from "../text/magic.js";
import { entryBytes, takeInventory, type Inventory } from "./inventory.js";
import { describeDuration, type StoreSettings } from "./settings.js";
import { describeError, type SpillStore } from "./store.js";
import { createTombstone, expireTombstones, writeTombstone, type Tombstone } from "./tombstones.js";

/** Collection in passing happens at most this often. */
export const COLLECT_INTERVAL_MS = 3_600_000;
/** A data file without a record (or a temporary file) untouched this long belongs to a writer that crashed. */
export const ORPHAN_AGE_MS = 3_600_000;
/** The stamp file whose modification time says when the store was last collected. */
export const STAMP_FILE = ".last-gc";

/** One output to remove, and why. */
export interface PlannedRemoval {
  id: string;
  reason: "expired" | "quota" | "orphan";
  /** Creation time from the id (ms since the epoch). */
  created: number;
  bytes: number;
  /** The limit behind the reason, for the tombstone: "7 days", "1.0 GiB", "a data file without a record". */
  detail: string;
}

/** What a collection removes and keeps. */
export interface CollectionPlan {
  removals: PlannedRemoval[];
  /** Temporary files of crashed writers. */
  staleTemporaries: string[];
  /** Outputs left (complete or being written) and the bytes they take. */
  kept: { outputs: number; bytes: number };
  /**
   * Of those, the outputs without both their record and their data (being written, or left by a crash less than
   * ORPHAN_AGE_MS ago): never removed for the quota, so the store may stay over it while they are there.
   */
  unfinished: { outputs: number; bytes: number };
}

/** What a collection did (or, with dryRun, would do). */
export interface CollectionReport extends CollectionPlan {
  dryRun: boolean;
  tombstonesExpired: number;
  /**
   * Why the `.last-gc` stamp could not be written (a read-only store), when the collection had nothing to remove and
   * so needed no other write: the collection is done, only its time is not recorded. With something to remove, the
   * failure to write the stamp is the collection's error, as before.
   */
  stampNotWritten?: string;
}

/** How long a collection in passing may work before it stops and says "deferred" (bench/store-gc.mjs measures it). */
export const PASSING_BUDGET_MS = 3;

/**
 * The outcome of a collection in passing; never an exception, since it must not fail the command it rides on.
 * "deferred": the store is too big to collect within the budget (what was done is in `removed`); run
 * `collectStore` elsewhere (the CLI starts a detached `correx gc`).
 */
export type PassingCollection =
  | { status: "not-due" }
  | { status: "collected"; report: CollectionReport }
  | { status: "deferred"; removed: number }
  | { status: "failed"; reason: string };

/** Decides what to remove (pure): expired outputs, then the oldest until the store fits its quota, then orphans. */
export function planCollection(inventory: Inventory, settings: StoreSettings, now: number): CollectionPlan {
  const removals: PlannedRemoval[] = [];
  const evictable: PlannedRemoval[] = [];
  let keptBytes = 0;
  let keptOutputs = 0;
  const unfinished = { outputs: 0, bytes: 0 };
  for (const entry of inventory.entries) {
    const bytes = entryBytes(entry);
    const base = { id: entry.id, created: entry.created, bytes };
    if (entry.data && entry.record) {
      if (now - entry.created > settings.maxAgeMs) {
        removals.push({ ...base, reason: "expired", detail: describeDuration(settings.maxAgeMs) });
        continue;
      }
      evictable.push({ ...base, reason: "quota", detail: formatSize(settings.quotaBytes) });
    } else {
      const touched = Math.max(entry.created, entry.data?.modified ?? 0, entry.record?.modified ?? 0);
      if (now - touched > ORPHAN_AGE_MS) {
        removals.push({ ...base, reason: "orphan", detail: entry.data ? "a data file without a record" : entry.record ? "a record without its data file" : "an index or text view without its output" });
        continue;
      }
      unfinished.outputs += 1;
      unfinished.bytes += bytes;
    }
    keptBytes += bytes;
    keptOutputs += 1;
  }
  for (const candidate of evictable) {
    if (keptBytes <= settings.quotaBytes) break;
    removals.push(candidate);
    keptBytes -= candidate.bytes;
    keptOutputs -= 1;
  }
  const staleTemporaries = inventory.temporaries.filter((file) => now - file.modified > ORPHAN_AGE_MS).map((file) => file.name);
  return { removals, staleTemporaries, kept: { outputs: keptOutputs, bytes: keptBytes }, unfinished };
}

/** Applies retention and quota now: each removal leaves its tombstone first, then the record, then the data go. */
export function collectStore(store: SpillStore, settings: StoreSettings, now: number, options: { dryRun: boolean }): CollectionReport {
  store.verify();
  let stampFailure: IoError | undefined;
  try {
    if (!options.dryRun) touchStamp(path.join(store.dir, STAMP_FILE), now);
  } catch (error) {
    if (!(error instanceof IoError)) throw error;
    stampFailure = error;
  }
  const plan = planCollection(takeInventory(store), settings, now);
  if (stampFailure && (plan.removals.length > 0 || plan.staleTemporaries.length > 0)) throw stampFailure;
  if (!options.dryRun) applyPlan(store, plan, now, () => false);
  const report: CollectionReport = { ...plan, dryRun: options.dryRun, tombstonesExpired: expireTombstones(store, now, { dryRun: options.dryRun }) };
  if (stampFailure) report.stampNotWritten = stampFailure.message;
  return report;
}

/**
 * Collects when the last collection is an hour old or more: one lstat when it is not due. When due, it works
 * for at most `budgetMs` (checking the clock between files) and says "deferred" if the store needs longer.
 */
export function maybeCollect(store: SpillStore, settings: StoreSettings, now: number = Date.now(), budgetMs: number = PASSING_BUDGET_MS): PassingCollection {
  try {
    const age = now - fs.lstatSync(path.join(store.dir, STAMP_FILE)).mtimeMs;
    if (age >= 0 && age < COLLECT_INTERVAL_MS) return { status: "not-due" };
  } catch {
    // no stamp yet (or unreadable): collect, which says what is wrong if anything is
  }
  // the clock without node:perf_hooks (`performance`): loaded here, at the end of a `run` or `bound` whose V8 flags
  // are off their defaults, it compiled from source (~2.5 ms of the end's critical path, every time a collection is due)
  const deadline = monotonicMs() + budgetMs;
  const isLate = (): boolean => monotonicMs() > deadline;
  try {
    store.verify();
    touchStamp(path.join(store.dir, STAMP_FILE), now);
    const inventory = takeInventory(store, isLate);
    if (!inventory) return { status: "deferred", removed: 0 };
    const plan = planCollection(inventory, settings, now);
    const removed = applyPlan(store, plan, now, isLate);
    if (removed < plan.removals.length) return { status: "deferred", removed };
    return { status: "collected", report: { ...plan, dryRun: false, tombstonesExpired: expireTombstones(store, now, { dryRun: false, isLate }) } };
  } catch (error) {
    return { status: "failed", reason: `cannot collect the spill store ${store.dir}: ${(error as Error).message}` };
  }
}

/** Removes the planned outputs in order (oldest first) until `isLate()`; returns how many it removed. */
function applyPlan(store: SpillStore, plan: CollectionPlan, now: number, isLate: () => boolean): number {
  let removed = 0;
  for (const removal of plan.removals) {
    if (isLate()) return removed;
    removeOutput(store, createTombstone(removal.id, removal.reason, removal.bytes, now, removal.detail));
    removed += 1;
  }
  for (const name of plan.staleTemporaries) removeFile(path.join(store.dir, name));
  return removed;
}

/**
 * Removes one output: its tombstone first, then the record (so readers stop seeing it), then the rest. On a full
 * disk the tombstone cannot be written until something is removed, and removing is how the disk is freed: the
 * output is removed first and its tombstone written after, in the room it left.
 */
export function removeOutput(store: SpillStore, tombstone: Tombstone): void {
  let noRoom = false;
  try {
    writeTombstone(store, tombstone);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOSPC" && code !== "EDQUOT") {
      if (error instanceof IoError) throw error;
      throw new IoError(`cannot remove output ${tombstone.id}: cannot write its tombstone in ${store.dir}: ${describeError(error)}`, { cause: error });
    }
    noRoom = true;
  }
  removeFile(store.recordPath(tombstone.id));
  removeFile(store.textViewPath(tombstone.id));
  removeFile(store.indexPath(tombstone.id));
  removeFile(store.dataPath(tombstone.id));
  if (noRoom) {
    try {
      writeTombstone(store, tombstone);
    } catch {
      // the output is gone all the same; only the note of why is missing, and a read says it was never stored
    }
  }
}

function touchStamp(stamp: string, now: number): void {
  try {
    const fd = fs.openSync(stamp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW, 0o600);
    try {
      fs.futimesSync(fd, now / 1000, now / 1000);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw new IoError(`cannot write ${stamp}: ${describeError(error)}`, { cause: error });
  }
}

function removeFile(file: string): void {
  try {
    fs.unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw new IoError(`cannot remove ${file}: ${describeError(error)}`, { cause: error });
  }
}
