import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { NotFoundError, UsageError } from "../../src/errors.js";
import { createId } from "../../src/spill/ids.js";
import { openOutput } from "../../src/spill/lookup.js";
import { createTombstone, describeTombstone, readTombstone, recordUnsavedOutput, TOMBSTONE_DIR, writeTombstone, type TombstoneReason } from "../../src/spill/tombstones.js";
import { SpillStore } from "../../src/spill/store.js";
import { addOutput, listNames, makeStore } from "./helpers.js";

const CREATED = Date.UTC(2025, 0, 2, 9, 30, 0);
const REMOVED = Date.UTC(2025, 0, 9, 14, 2, 11);
const ID = createId(CREATED);

describe("describeTombstone", () => {
  test.each<[TombstoneReason, string | undefined, string]>([
    ["expired", "7 days", `output ${ID} expired: removed on 2025-01-09 14:02:11 UTC because it was older than the retention of 7 days (created 2025-01-02 09:30:00 UTC, 1.5 MiB); run the command again if you need its output`],
    ["quota", "1.0 GiB", `output ${ID} was evicted on 2025-01-09 14:02:11 UTC to keep the store under its quota of 1.0 GiB, oldest first (created 2025-01-02 09:30:00 UTC, 1.5 MiB); run the command again if you need its output`],
    ["orphan", "a data file without a record", `output ${ID} was removed on 2025-01-09 14:02:11 UTC: its writer never finished (a data file without a record) (created 2025-01-02 09:30:00 UTC, 1.5 MiB)`],
    ["disk-full", "cannot write /s/x: the disk is full (ENOSPC)", `output ${ID} was never saved because the disk was full (cannot write /s/x: the disk is full (ENOSPC)), on 2025-01-09 14:02:11 UTC`],
    ["write-failed", "cannot create /s/x: permission denied (EACCES)", `output ${ID} was never saved (cannot create /s/x: permission denied (EACCES)), on 2025-01-09 14:02:11 UTC`],
  ])("%s", (reason, detail, message) => {
    expect(describeTombstone(createTombstone(ID, reason, 1536 * 1024, REMOVED, detail))).toBe(message);
  });
});

describe("tombstone files", () => {
  test("written atomically into .tombstones (0700 folder, 0600 file) and read back", () => {
    const store = makeStore();
    const tombstone = createTombstone(ID, "quota", 10, REMOVED, "1.0 GiB");
    writeTombstone(store, tombstone);
    const dir = path.join(store.dir, TOMBSTONE_DIR);
    expect(listNames(dir)).toEqual([`${ID}.json`]);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, `${ID}.json`)).mode & 0o777).toBe(0o600);
    expect(readTombstone(store, ID)).toEqual({ id: ID, removed: "2025-01-09T14:02:11.000Z", reason: "quota", created: "2025-01-02T09:30:00.000Z", size: 10, detail: "1.0 GiB" });
  });

  test("the first tombstone of an output stands: a second collector's reason does not replace it, and no temporary is left", () => {
    // Two gc processes racing on one expired output: the first writes "expired" and removes the record, the second
    // sees the data without its record and took it for an orphan, its tombstone replacing the first (a rename).
    const store = makeStore();
    writeTombstone(store, createTombstone(ID, "expired", 5, REMOVED, "7 days"));
    writeTombstone(store, createTombstone(ID, "orphan", 5, REMOVED + 1000, "a data file without a record"));
    expect(readTombstone(store, ID)).toMatchObject({ reason: "expired", detail: "7 days" });
    expect(listNames(path.join(store.dir, TOMBSTONE_DIR))).toEqual([`${ID}.json`]);
  });

  test("refuses a .tombstones that is a symlink", () => {
    const store = makeStore();
    const elsewhere = fs.mkdtempSync(path.join(path.dirname(store.dir), "elsewhere-"));
    fs.symlinkSync(elsewhere, path.join(store.dir, TOMBSTONE_DIR));
    expect(() => writeTombstone(store, createTombstone(ID, "expired", 1, REMOVED))).toThrow("it is a symbolic link");
    expect(listNames(elsewhere)).toEqual([]);
  });

  test.each([
    ["cannot write /s/x: the disk is full (ENOSPC)", "disk-full"],
    ["cannot write /s/x: the disk quota is exceeded (EDQUOT)", "disk-full"],
    ["cannot create /s/x: the file system is read-only (EROFS)", "write-failed"],
  ])("recordUnsavedOutput(%j) leaves a %s tombstone", (failure, reason) => {
    const store = makeStore();
    expect(recordUnsavedOutput(store, ID, failure, 42, REMOVED)).toBe(true);
    expect(readTombstone(store, ID)).toEqual({ id: ID, removed: "2025-01-09T14:02:11.000Z", reason, created: "2025-01-02T09:30:00.000Z", size: 42, detail: failure });
  });

  test("recordUnsavedOutput never throws", () => {
    const store = new SpillStore("/nonexistent/correx-store");
    expect(recordUnsavedOutput(store, ID, "cannot write: the disk is full (ENOSPC)", 1)).toBe(false);
  });
});

describe("openOutput", () => {
  test("opens record and data", () => {
    const store = makeStore();
    const id = addOutput(store, Date.now(), "abc\n", { fields: { command: "make" } });
    const output = openOutput(store, id);
    fs.closeSync(output.fd);
    expect([output.path, output.record.command]).toEqual([store.dataPath(id), "make"]);
  });

  test("a removed output explains itself from its tombstone", () => {
    const store = makeStore();
    writeTombstone(store, createTombstone(ID, "expired", 5, REMOVED, "7 days"));
    expect(() => openOutput(store, ID)).toThrow(new NotFoundError(describeTombstone(createTombstone(ID, "expired", 5, REMOVED, "7 days"))));
  });

  test("a data file without a record is still being written, or its writer was killed: both said, with its path", () => {
    const store = makeStore();
    const id = addOutput(store, Date.now(), "partial", { record: false });
    expect(() => openOutput(store, id)).toThrow(new NotFoundError(`output ${id} has no record yet: it is still being written (try again when its command has finished), or the correx that wrote it was killed (gc removes it once its last write is an hour old); the bytes saved so far: ${store.dataPath(id)}`));
  });

  test("a record whose data vanished: the tombstone if any, else says so", () => {
    const store = makeStore();
    const id = addOutput(store, Date.now());
    fs.unlinkSync(store.dataPath(id));
    expect(() => openOutput(store, id)).toThrow(new NotFoundError(`output ${id} has a record but its data file ${store.dataPath(id)} is missing (removed outside correx?)`));
    writeTombstone(store, createTombstone(id, "quota", 5, REMOVED, "1 B"));
    expect(() => openOutput(store, id)).toThrow(/was evicted on 2025-01-09 14:02:11 UTC to keep the store under its quota of 1 B/);
  });

  test("never stored here, no store at all, an invalid id", () => {
    const store = makeStore();
    expect(() => openOutput(store, ID)).toThrow(new NotFoundError(`no stored output ${ID} in ${store.dir}: it was never stored here, or it was removed more than 30 days ago (use --spill-dir or CORREX_SPILL_DIR for another store)`));
    const missing = new SpillStore(path.join(store.dir, "nope"));
    expect(() => openOutput(missing, ID)).toThrow(new NotFoundError(`no stored output ${ID}: no spill store at ${missing.dir} (use --spill-dir or CORREX_SPILL_DIR for another store)`));
    expect(() => openOutput(store, "../../etc/passwd")).toThrow(UsageError);
  });
});
