import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { createId } from "../../src/spill/ids.js";
import type { Inventory } from "../../src/spill/inventory.js";
import { formatCollectionText } from "../../src/spill/collection-text.js";
import { collectStore, maybeCollect, planCollection, STAMP_FILE } from "../../src/spill/lifecycle.js";
import { DEFAULT_STORE_SETTINGS } from "../../src/spill/settings.js";
import { readTombstone, TOMBSTONE_DIR } from "../../src/spill/tombstones.js";
import { addOutput, listNames, makeStore, setModified } from "./helpers.js";

const NOW = Date.UTC(2025, 0, 10, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const settings = { ...DEFAULT_STORE_SETTINGS, maxAgeMs: 7 * DAY, quotaBytes: 1000 };

function inventoryOf(entries: { created: number; data?: number; record?: number; modified?: number }[], temporaries: Inventory["temporaries"] = []): Inventory {
  return {
    entries: entries.map((entry) => ({
      id: createId(entry.created), created: entry.created,
      ...(entry.data !== undefined ? { data: { bytes: entry.data, modified: entry.modified ?? entry.created } } : {}),
      ...(entry.record !== undefined ? { record: { bytes: entry.record, modified: entry.modified ?? entry.created } } : {}),
    })),
    temporaries,
  };
}

describe("planCollection", () => {
  test("removes what is older than the retention, keeps the rest", () => {
    const inventory = inventoryOf([{ created: NOW - 8 * DAY, data: 10, record: 5 }, { created: NOW - 6 * DAY, data: 20, record: 5 }]);
    const plan = planCollection(inventory, settings, NOW);
    expect(plan).toEqual({
      removals: [{ id: inventory.entries[0]!.id, reason: "expired", created: NOW - 8 * DAY, bytes: 15, detail: "7 days" }],
      staleTemporaries: [],
      kept: { outputs: 1, bytes: 25 },
      unfinished: { outputs: 0, bytes: 0 },
    });
  });

  test("a retention of 0s expires everything created before now", () => {
    const plan = planCollection(inventoryOf([{ created: NOW - 1, data: 1, record: 1 }, { created: NOW, data: 1, record: 1 }]), { ...settings, maxAgeMs: 0 }, NOW);
    expect(plan.removals.map((removal) => removal.reason)).toEqual(["expired"]);
  });

  test("over the quota, the oldest go first until the store fits", () => {
    const inventory = inventoryOf([
      { created: NOW - 3 * HOUR, data: 400, record: 100 },
      { created: NOW - 2 * HOUR, data: 400, record: 100 },
      { created: NOW - 1 * HOUR, data: 300, record: 100 },
      { created: NOW - 1000, data: 100 }, // being written: counted, never evicted
    ]);
    const plan = planCollection(inventory, { ...settings, quotaBytes: 900 }, NOW);
    expect(plan.removals).toEqual([
      { id: inventory.entries[0]!.id, reason: "quota", created: NOW - 3 * HOUR, bytes: 500, detail: "900 B" },
      { id: inventory.entries[1]!.id, reason: "quota", created: NOW - 2 * HOUR, bytes: 500, detail: "900 B" },
    ]);
    expect(plan.kept).toEqual({ outputs: 2, bytes: 500 });
    expect(plan.unfinished).toEqual({ outputs: 1, bytes: 100 });
  });

  test("outputs being written can hold the store over its quota: the plan counts them, gc's report says why", () => {
    const inventory = inventoryOf([
      { created: NOW - 2 * HOUR, data: 400, record: 100 },
      { created: NOW - 1000, data: 2000 }, // a long run still writing, past the quota alone
    ]);
    const plan = planCollection(inventory, { ...settings, quotaBytes: 900 }, NOW);
    expect(plan.removals.map((removal) => removal.reason)).toEqual(["quota"]);
    expect({ kept: plan.kept, unfinished: plan.unfinished }).toEqual({ kept: { outputs: 1, bytes: 2000 }, unfinished: { outputs: 1, bytes: 2000 } });
    const text = formatCollectionText({ ...plan, dryRun: false, tombstonesExpired: 0 }, { ...settings, quotaBytes: 900 }, "/s");
    expect(text).toContain("Kept 1 output (2.0 KiB of the 900 B quota; 2.0 KiB of it in 1 output still being written or left unfinished less than an hour ago, kept until they are done or an hour old; retention");
  });

  test("an exact fit stays", () => {
    const inventory = inventoryOf([{ created: NOW - HOUR, data: 900, record: 100 }]);
    expect(planCollection(inventory, settings, NOW).removals).toEqual([]);
  });

  test("expired outputs are not counted twice against the quota", () => {
    const inventory = inventoryOf([{ created: NOW - 9 * DAY, data: 900, record: 100 }, { created: NOW - HOUR, data: 900, record: 100 }]);
    expect(planCollection(inventory, settings, NOW).removals.map((removal) => removal.reason)).toEqual(["expired"]);
  });

  test("orphans: a data file or a record alone, untouched for over an hour; young ones are being written", () => {
    const inventory = inventoryOf([
      { created: NOW - 5 * HOUR, data: 50, modified: NOW - 2 * HOUR },
      { created: NOW - 5 * HOUR, data: 50, modified: NOW - 10 * 60_000 }, // a long run still writing
      { created: NOW - 2 * HOUR, record: 7 },
    ]);
    const plan = planCollection(inventory, settings, NOW);
    expect(plan.removals).toEqual([
      { id: inventory.entries[0]!.id, reason: "orphan", created: NOW - 5 * HOUR, bytes: 50, detail: "a data file without a record" },
      { id: inventory.entries[2]!.id, reason: "orphan", created: NOW - 2 * HOUR, bytes: 7, detail: "a record without its data file" },
    ]);
    expect(plan.kept).toEqual({ outputs: 1, bytes: 50 });
    expect(plan.unfinished).toEqual({ outputs: 1, bytes: 50 });
  });

  test("temporary files older than an hour are stale", () => {
    const temporaries = [{ name: "old.tmp", bytes: 1, modified: NOW - 2 * HOUR }, { name: "new.tmp", bytes: 1, modified: NOW - 60_000 }];
    expect(planCollection(inventoryOf([], temporaries), settings, NOW).staleTemporaries).toEqual(["old.tmp"]);
  });
});

describe("collectStore", () => {
  test("removes record and data, leaves a tombstone for each, touches the stamp", () => {
    const store = makeStore();
    const old = addOutput(store, NOW - 8 * DAY);
    const young = addOutput(store, NOW - DAY);
    const oldBytes = fs.statSync(store.recordPath(old)).size + fs.statSync(store.dataPath(old)).size;
    const report = collectStore(store, settings, NOW, { dryRun: false });
    expect(report.removals.map((removal) => [removal.id, removal.reason])).toEqual([[old, "expired"]]);
    expect(report.dryRun).toBe(false);
    expect(listNames(store.dir)).toEqual([STAMP_FILE, TOMBSTONE_DIR, young, `${young}.json`]);
    expect(readTombstone(store, old)).toEqual({
      id: old, removed: "2025-01-10T12:00:00.000Z", reason: "expired", created: "2025-01-02T12:00:00.000Z",
      size: oldBytes, detail: "7 days",
    });
    expect(fs.statSync(path.join(store.dir, STAMP_FILE)).mtimeMs).toBe(NOW);
  });

  test("--dry-run removes nothing and writes nothing", () => {
    const store = makeStore();
    const old = addOutput(store, NOW - 8 * DAY);
    const before = listNames(store.dir);
    const report = collectStore(store, settings, NOW, { dryRun: true });
    expect(report.removals.map((removal) => removal.id)).toEqual([old]);
    expect(report.dryRun).toBe(true);
    expect(listNames(store.dir)).toEqual(before);
  });

  test("stale temporaries go, tombstones older than 30 days are forgotten", () => {
    const store = makeStore();
    const id = addOutput(store, NOW - 40 * DAY);
    collectStore(store, settings, NOW - 31 * DAY, { dryRun: false });
    const tombstone = path.join(store.dir, TOMBSTONE_DIR, `${id}.json`);
    setModified(tombstone, NOW - 31 * DAY);
    const temporary = path.join(store.dir, `${createId(NOW)}.json.123-deadbeef.tmp`);
    fs.writeFileSync(temporary, "{");
    setModified(temporary, NOW - 2 * HOUR);
    const report = collectStore(store, settings, NOW, { dryRun: false });
    expect([report.staleTemporaries.length, report.tombstonesExpired]).toEqual([1, 1]);
    expect(listNames(store.dir)).toEqual([STAMP_FILE, TOMBSTONE_DIR]);
    expect(listNames(path.join(store.dir, TOMBSTONE_DIR))).toEqual([]);
  });

  test("ignores symlinks and unknown files, never follows them", () => {
    const store = makeStore();
    const outside = path.join(path.dirname(store.dir), "outside");
    fs.writeFileSync(outside, "keep me");
    const id = createId(NOW - 9 * DAY);
    fs.symlinkSync(outside, store.dataPath(id));
    fs.writeFileSync(path.join(store.dir, "notes.txt"), "mine");
    const report = collectStore(store, settings, NOW, { dryRun: false });
    expect(report.removals).toEqual([]);
    expect(fs.readFileSync(outside, "utf8")).toBe("keep me");
    expect(listNames(store.dir)).toEqual([STAMP_FILE, "notes.txt", id]);
  });
});

const UNHURRIED_MS = 60_000;

describe("maybeCollect", () => {
  test("collects when there is no stamp, then not again within the hour, then again after it", () => {
    const store = makeStore();
    addOutput(store, NOW - 8 * DAY);
    // A generous time budget: a loaded machine must not turn "collected" into "deferred" here.
    expect(maybeCollect(store, settings, NOW, UNHURRIED_MS).status).toBe("collected");
    const second = addOutput(store, NOW - 8 * DAY);
    expect(maybeCollect(store, settings, NOW + HOUR - 1, UNHURRIED_MS)).toEqual({ status: "not-due" });
    expect(fs.existsSync(store.dataPath(second))).toBe(true);
    const third = maybeCollect(store, settings, NOW + HOUR, UNHURRIED_MS);
    expect(third.status === "collected" && third.report.removals.map((removal) => removal.id)).toEqual([second]);
  });

  test("a store too big for the budget is deferred; what was done before the deadline stays done", () => {
    const store = makeStore();
    const ids = Array.from({ length: 40 }, (_, index) => addOutput(store, NOW - 8 * DAY + index));
    expect(maybeCollect(store, settings, NOW, -1)).toEqual({ status: "deferred", removed: 0 });
    expect(ids.every((id) => fs.existsSync(store.dataPath(id)))).toBe(true);
    expect(maybeCollect(store, settings, NOW + 1000, -1)).toEqual({ status: "not-due" });
    const full = collectStore(store, settings, NOW + 2000, { dryRun: false });
    expect(full.removals.map((removal) => removal.id)).toEqual(ids);
  });

  test("a stamp from the future (the clock moved back) is due", () => {
    const store = makeStore();
    fs.writeFileSync(path.join(store.dir, STAMP_FILE), "");
    setModified(path.join(store.dir, STAMP_FILE), NOW + DAY);
    expect(maybeCollect(store, settings, NOW, UNHURRIED_MS).status).toBe("collected");
  });

  test("never throws: an unusable store is a failed status", () => {
    const store = makeStore();
    fs.chmodSync(store.dir, 0o777);
    expect(maybeCollect(store, settings, NOW)).toEqual({
      status: "failed",
      reason: `cannot collect the spill store ${store.dir}: refusing spill directory ${store.dir}: it is writable by others (mode 777)`,
    });
  });
});
