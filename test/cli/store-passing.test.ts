// Collection in passing (what bound and run call after a spill): cheap when not due, detached when the store is big.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { collectInPassing } from "../../src/cli/passing-collection.js";
import { STAMP_FILE } from "../../src/spill/lifecycle.js";
import { DEFAULT_STORE_SETTINGS } from "../../src/spill/settings.js";
import { readTombstone } from "../../src/spill/tombstones.js";
import { addOutput, makeStore } from "../spill/helpers.js";
import { CORREX } from "../spill/run-binary.js";

const DAY = 86_400_000;

describe("collectInPassing", () => {
  test("collects a small store itself, then is not due for an hour", () => {
    const store = makeStore();
    const old = addOutput(store, Date.now() - 8 * DAY);
    expect(collectInPassing(store, DEFAULT_STORE_SETTINGS, { budgetMs: 1000, launcher: "/nonexistent" })).toBeUndefined();
    expect(readTombstone(store, old)?.reason).toBe("expired");
    const stamp = fs.statSync(path.join(store.dir, STAMP_FILE)).mtimeMs;
    addOutput(store, Date.now() - 8 * DAY);
    expect(collectInPassing(store, DEFAULT_STORE_SETTINGS, { launcher: "/nonexistent" })).toBeUndefined();
    expect(fs.statSync(path.join(store.dir, STAMP_FILE)).mtimeMs).toBe(stamp);
  });

  test("past the budget, a detached `correx gc` with the same settings finishes the job", async () => {
    const store = makeStore();
    const ids = Array.from({ length: 50 }, (_, index) => addOutput(store, Date.now() - 3 * DAY + index));
    const settings = { ...DEFAULT_STORE_SETTINGS, maxAgeMs: 2 * DAY };
    expect(collectInPassing(store, settings, { budgetMs: -1, launcher: CORREX })).toBeUndefined();
    for (let waited = 0; waited < 20_000 && ids.some((id) => fs.existsSync(store.dataPath(id))); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ids.filter((id) => fs.existsSync(store.dataPath(id)))).toEqual([]);
    expect(readTombstone(store, ids[0]!)).toMatchObject({ reason: "expired", detail: "2 days" });
  }, 30_000);

  test("a store it may not use is a warning, never an exception", () => {
    const store = makeStore();
    fs.chmodSync(store.dir, 0o777);
    expect(collectInPassing(store, DEFAULT_STORE_SETTINGS)).toBe(`cannot collect the spill store ${store.dir}: refusing spill directory ${store.dir}: it is writable by others (mode 777)`);
  });
});
