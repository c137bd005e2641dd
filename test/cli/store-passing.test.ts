// Collection in passing (what bound and run call after a spill): cheap when not due, detached when the store is big.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { collectInPassing, launcherEnv } from "../../src/cli/passing-collection.js";
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

  test("the detached gc starts as bin/correx's sh line starts node: NODE_EXTRA_CA_CERTS moved aside for it to put back", async () => {
    const store = makeStore();
    addOutput(store, Date.now() - 3 * DAY);
    // a launcher that writes down its environment as exec gave it (/proc/self/environ) and as process.env has it
    const seen = path.join(store.dir, "..", "launcher-env.json");
    const launcher = path.join(store.dir, "..", "launcher.cjs");
    fs.writeFileSync(launcher, `const fs = require("node:fs");
const initial = fs.readFileSync("/proc/self/environ", "latin1").split("\\0").filter((entry) => /^(CORREX_)?NODE_EXTRA_CA_CERTS=/.test(entry));
fs.writeFileSync(${JSON.stringify(`${seen}.tmp`)}, JSON.stringify({ initial, args: process.argv.slice(2, 3) }));
fs.renameSync(${JSON.stringify(`${seen}.tmp`)}, ${JSON.stringify(seen)});
`);
    const certs = process.env.NODE_EXTRA_CA_CERTS;
    process.env.NODE_EXTRA_CA_CERTS = "/etc/no such $certs.pem";
    try {
      expect(collectInPassing(store, { ...DEFAULT_STORE_SETTINGS, maxAgeMs: 2 * DAY }, { budgetMs: -1, launcher })).toBeUndefined();
    } finally {
      if (certs === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
      else process.env.NODE_EXTRA_CA_CERTS = certs;
    }
    for (let waited = 0; waited < 20_000 && !fs.existsSync(seen); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(JSON.parse(fs.readFileSync(seen, "utf8"))).toEqual({ initial: ["CORREX_NODE_EXTRA_CA_CERTS=/etc/no such $certs.pem"], args: ["gc"] });
  }, 30_000);

  test("launcherEnv: the variable moved to the launcher's name (an empty value too); unset, a stray temporary name is dropped", () => {
    expect(launcherEnv({ A: "1", NODE_EXTRA_CA_CERTS: "" })).toEqual({ A: "1", CORREX_NODE_EXTRA_CA_CERTS: "" });
    expect(launcherEnv({ A: "1", CORREX_NODE_EXTRA_CA_CERTS: "/stray" })).toEqual({ A: "1" });
  });

  test("a store it may not use is a warning, never an exception", () => {
    const store = makeStore();
    fs.chmodSync(store.dir, 0o777);
    expect(collectInPassing(store, DEFAULT_STORE_SETTINGS)).toBe(`cannot collect the spill store ${store.dir}: refusing spill directory ${store.dir}: it is writable by others (mode 777)`);
  });
});
