import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { describe, expect, test } from "vitest";
import { formatCollectionJson, formatCollectionText } from "../../src/spill/collection-text.js";
import { createId } from "../../src/spill/ids.js";
import type { CollectionReport } from "../../src/spill/lifecycle.js";
import { STORE_FILES, type StoreFiles } from "../../src/spill/inventory.js";
import { formatAge, formatListing, listOutputs, streamOutputs } from "../../src/spill/listing.js";
import { DEFAULT_STORE_SETTINGS } from "../../src/spill/settings.js";
import { addOutput, makeStore } from "./helpers.js";

const NOW = Date.UTC(2025, 0, 10, 12, 0, 0);

describe("listOutputs", () => {
  test("newest first, with what produced each output; being written and damaged ones too", () => {
    const store = makeStore();
    const first = addOutput(store, NOW - 3_600_000, "a\nb\n", { fields: { command: "npm test", exit_code: 1 } });
    const second = addOutput(store, NOW - 60_000, "x", { fields: { tool: "bash", exit_code: null, not_saved_bytes: 5 } });
    const writing = addOutput(store, NOW - 1000, "partial", { record: false });
    const damaged = addOutput(store, NOW - 7_200_000);
    fs.writeFileSync(store.recordPath(damaged), "{");
    const disk = (id: string): number => [store.dataPath(id), store.recordPath(id)].reduce((sum, file) => sum + (fs.existsSync(file) ? fs.statSync(file).size : 0), 0);
    expect(listOutputs(store)).toEqual([
      { id: writing, status: "being-written", created: new Date(NOW - 1000).toISOString(), size: 7, disk_bytes: 7, path: store.dataPath(writing) },
      { id: second, status: "stored", created: new Date(NOW - 60_000).toISOString(), size: 1, disk_bytes: disk(second), path: store.dataPath(second), lines: 1, tool: "bash", exit_code: null, not_saved_bytes: 5 },
      { id: first, status: "stored", created: new Date(NOW - 3_600_000).toISOString(), size: 4, disk_bytes: disk(first), path: store.dataPath(first), lines: 2, command: "npm test", exit_code: 1 },
      { id: damaged, status: "damaged", created: new Date(NOW - 7_200_000).toISOString(), size: 14, disk_bytes: disk(damaged), path: store.dataPath(damaged) },
    ]);
  });
});

describe("streamOutputs", () => {
  test("looks at one output's files per row asked for: a stored output costs one record read and a stat of its data", () => {
    const store = makeStore();
    for (let index = 0; index < 50; index += 1) addOutput(store, NOW - index * 1000, `line ${index}\n`, { fields: { command: `make ${index}` } });
    const writing = addOutput(store, NOW - 60_000, "partial", { record: false });
    const damaged = addOutput(store, NOW - 61_000, "data");
    fs.writeFileSync(store.recordPath(damaged), "{");
    fs.symlinkSync(store.dataPath(writing), store.dataPath(createId(NOW - 62_000))); // a symlink is never followed nor listed
    const calls = { names: 0, stat: 0, readHead: 0 };
    const counted: StoreFiles = {
      names: (dir) => ((calls.names += 1), STORE_FILES.names(dir)),
      stat: (file) => ((calls.stat += 1), STORE_FILES.stat(file)),
      readHead: (file, buffer) => ((calls.readHead += 1), STORE_FILES.readHead(file, buffer)),
    };
    try {
      const rows = streamOutputs(store, counted);
      const first = rows.next();
      expect(first.value).toMatchObject({ command: "make 0", status: "stored", size: 7 });
      expect(calls).toEqual({ names: 1, stat: 1, readHead: 1 });
      const rest = [...rows];
      expect(rest.slice(0, 49).map((row) => row.command)).toEqual(Array.from({ length: 49 }, (_, index) => `make ${index + 1}`));
      expect(rest.slice(49)).toMatchObject([{ id: writing, status: "being-written", size: 7 }, { id: damaged, status: "damaged", size: 4 }]);
      // The data of each; the symlink's lstat (never followed) tells it apart.
      expect(calls).toEqual({ names: 1, stat: 53, readHead: 51 });
    } finally {
      fs.rmSync(store.dir.replace(/\/store$/, ""), { recursive: true, force: true });
    }
  });

  test("a record's size: what was read when it is shorter than the read, its stat otherwise; a directory or FIFO named as a record is none", () => {
    const store = makeStore();
    const small = addOutput(store, NOW - 1000, "a\n", { fields: { command: "echo a" } });
    const large = addOutput(store, NOW - 2000, "b\n", { fields: { command: "x".repeat(40_000) } }); // a head past the read
    const projected = addOutput(store, NOW - 3000, "c\n", { fields: { command: "make", projection: "p".repeat(40_000) } });
    const directory = addOutput(store, NOW - 4000, "d\n", { record: false });
    fs.mkdirSync(store.recordPath(directory));
    const fifo = addOutput(store, NOW - 5000, "e\n", { record: false });
    expect(spawnSync("mkfifo", [store.recordPath(fifo)]).status).toBe(0);
    const recordBytes = (id: string): number => fs.statSync(store.recordPath(id)).size;
    try {
      expect(listOutputs(store)).toMatchObject([
        { id: small, status: "stored", disk_bytes: 2 + recordBytes(small), command: "echo a" },
        { id: large, status: "stored", disk_bytes: 2 + recordBytes(large), command: "x".repeat(40_000) },
        { id: projected, status: "stored", disk_bytes: 2 + recordBytes(projected), command: "make" },
        { id: directory, status: "being-written", disk_bytes: 2 },
        { id: fifo, status: "being-written", disk_bytes: 2 },
      ]);
    } finally {
      fs.rmSync(store.dir.replace(/\/store$/, ""), { recursive: true, force: true });
    }
  });
});

describe("streamOutputs while gc removes", () => {
  test("an output removed between the read of its record and the stat of its data is not listed (not as damaged)", () => {
    const store = makeStore();
    const kept = addOutput(store, NOW - 1000, "kept\n", { fields: { command: "make" } });
    const removed = addOutput(store, NOW - 2000, "old\n");
    const damaged = addOutput(store, NOW - 3000, "data");
    const removing: StoreFiles = {
      ...STORE_FILES,
      readHead(file, buffer) {
        const head = STORE_FILES.readHead(file, buffer);
        // gc's order: the record, then the data, right after this lister read the record.
        if (file === store.recordPath(removed)) for (const path of [store.recordPath(removed), store.dataPath(removed)]) fs.unlinkSync(path);
        // the data alone lost (by someone else): its record stays, and it is damaged.
        if (file === store.recordPath(damaged)) fs.unlinkSync(store.dataPath(damaged));
        return head;
      },
    };
    try {
      expect([...streamOutputs(store, removing)].map((row) => [row.id, row.status])).toEqual([
        [kept, "stored"],
        [damaged, "damaged"],
      ]);
    } finally {
      fs.rmSync(store.dir.replace(/\/store$/, ""), { recursive: true, force: true });
    }
  });
});

describe("streamOutputs leaves no trace", () => {
  test("reading the records does not update their access time (O_NOATIME: ls writes nothing)", () => {
    const store = makeStore();
    const id = addOutput(store, NOW, "a\n", { fields: { command: "make" } });
    const past = new Date("2020-01-01T00:00:00Z");
    fs.utimesSync(store.recordPath(id), past, fs.statSync(store.recordPath(id)).mtime); // older than its mtime: a plain read would update it
    try {
      expect(listOutputs(store)).toMatchObject([{ id, command: "make" }]);
      expect(fs.statSync(store.recordPath(id)).atime).toEqual(past);
    } finally {
      fs.rmSync(store.dir.replace(/\/store$/, ""), { recursive: true, force: true });
    }
  });
});

describe("formatListing", () => {
  test("fixed columns (rows are written as they come), SIZE on disk, and a total", () => {
    const [recent, old, writing, labelled, killed] = [createId(NOW - 90_000), createId(NOW - 3 * 86_400_000), createId(NOW), createId(NOW - 5000), createId(NOW - 7000)];
    const text = formatListing([
      { id: labelled, status: "stored", created: new Date(NOW - 5000).toISOString(), size: 10, disk_bytes: 500, path: "/s/d", lines: 1, label: "npm test", parent_command: "npm test | correx bound" },
      { id: killed, status: "stored", created: new Date(NOW - 7000).toISOString(), size: 10, disk_bytes: 500, path: "/s/e", lines: 1, command: "./server", exit_code: null, signal: "SIGSEGV" },
      { id: recent, status: "stored", created: new Date(NOW - 90_000).toISOString(), size: 1536, disk_bytes: 1536, path: "/s/a", lines: 12, command: "make\nall", exit_code: 2 },
      { id: old, status: "stored", created: new Date(NOW - 3 * 86_400_000).toISOString(), size: 300 * 1024 ** 2, disk_bytes: 300 * 1024 ** 2, path: "/s/b", lines: 123456, tool: "bash", not_saved_bytes: 9 },
      { id: writing, status: "being-written", created: new Date(NOW).toISOString(), size: 0, disk_bytes: 0, path: "/s/c" },
    ], "/s", NOW);
    expect(text).toBe([
      "ID                                             SIZE       LINES   AGE     EXIT  COMMAND",
      `${labelled}               500 B           1    5s        -  npm test`,
      `${killed}               500 B           1    7s  SIGSEGV  ./server`,
      `${recent}             1.5 KiB          12    1m        2  make all`,
      `${old}  300.0 MiB (capped)      123456    3d        -  [bash]`,
      `${writing}                 0 B           -    0s        -  (being written)`,
      "5 outputs, 300.0 MiB on disk in /s (what the quota counts)",
      "",
    ].join("\n"));
  });

  test("an empty store", () => {
    expect(formatListing([], "/s", NOW)).toBe("No stored outputs in /s\n");
  });

  test.each([[0, "0s"], [59_999, "59s"], [60_000, "1m"], [3_599_999, "59m"], [3_600_000, "1h"], [47 * 3_600_000, "47h"], [48 * 3_600_000, "2d"], [-5, "0s"]])("formatAge(%d) = %s", (ms, age) => {
    expect(formatAge(ms)).toBe(age);
  });
});

describe("gc report", () => {
  const id = createId(NOW - 8 * 86_400_000);
  const report: CollectionReport = {
    dryRun: false,
    removals: [
      { id, reason: "expired", created: NOW - 8 * 86_400_000, bytes: 2048, detail: "7 days" },
      { id, reason: "quota", created: NOW - 8 * 86_400_000, bytes: 1024, detail: "1.0 GiB" },
    ],
    staleTemporaries: ["x.tmp"],
    kept: { outputs: 3, bytes: 4096 },
    unfinished: { outputs: 0, bytes: 0 },
    tombstonesExpired: 2,
  };

  test("text", () => {
    expect(formatCollectionText(report, DEFAULT_STORE_SETTINGS, "/s")).toBe([
      `removed ${id}  2.0 KiB  created 2025-01-02 12:00:00 UTC  expired (older than 7 days)`,
      `removed ${id}  1.0 KiB  created 2025-01-02 12:00:00 UTC  over the quota (1.0 GiB)`,
      "Removed 2 outputs (3.0 KiB): 1 expired, 1 over the quota.",
      "Kept 3 outputs (4.0 KiB of the 1.0 GiB quota; retention 7 days).",
      "Removed 1 stale temporary file.",
      "Forgot 2 tombstones older than 30 days.",
      "",
    ].join("\n"));
  });

  test("text, dry run with nothing to remove", () => {
    const empty = { dryRun: true, removals: [], staleTemporaries: [], kept: { outputs: 0, bytes: 0 }, unfinished: { outputs: 0, bytes: 0 }, tombstonesExpired: 0 };
    expect(formatCollectionText(empty, DEFAULT_STORE_SETTINGS, "/s")).toBe("Nothing to remove in /s.\nKept 0 outputs (0 B of the 1.0 GiB quota; retention 7 days).\n");
  });

  test("json", () => {
    expect(JSON.parse(formatCollectionJson(report, DEFAULT_STORE_SETTINGS, "/s"))).toEqual({
      dir: "/s", dry_run: false, settings: { max_age_ms: 604_800_000, quota_bytes: 1_073_741_824 },
      removed: [
        { id, reason: "expired", size: 2048, created: "2025-01-02T12:00:00.000Z", detail: "7 days" },
        { id, reason: "quota", size: 1024, created: "2025-01-02T12:00:00.000Z", detail: "1.0 GiB" },
      ],
      removed_bytes: 3072, kept: { outputs: 3, bytes: 4096 }, unfinished: { outputs: 0, bytes: 0 }, stale_temporaries: 1, tombstones_expired: 2,
    });
  });
});
