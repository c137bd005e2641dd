// A spill that a worker saves is ended when the input is, and waited for only when its record is written: the cut
// is made meanwhile. A failure the worker meets while it finishes comes back then, and the cut is made again
// with it: the text is the one a spill that failed before the end gives.
import * as fs from "node:fs";
import { afterEach, describe, expect, test, vi } from "vitest";
import { bound } from "../../src/bound/index.js";
import { RawSpill } from "../../src/bound/raw-spill.js";
import { SpillSink, type SpillSinkOptions } from "../../src/spill/spill-sink.js";
import { SpillStore } from "../../src/spill/store.js";
import { listNames, makeStore } from "./helpers.js";

const stores: SpillStore[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const store of stores.splice(0)) fs.rmSync(store.dir, { recursive: true, force: true });
});

/** A store whose writers save with these options. */
function storeWith(options: SpillSinkOptions): SpillStore {
  const store = new SpillStore(makeStore().dir, options);
  stores.push(store);
  return store;
}

const lines = Array.from({ length: 60_000 }, (_, index) => `line ${index} ${"x".repeat(index % 50)}`).join("\n");
const input = Buffer.from(`${lines}\n`);

/** Waits on this thread, without turning the event loop, until the kernel thread `tid` is gone; false after `limitMs`. */
function threadEndsWhileBusy(tid: number, limitMs: number): boolean {
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; waited < limitMs; waited += 5) {
    if (!fs.existsSync(`/proc/self/task/${tid}`)) return true;
    Atomics.wait(sleeper, 0, 0, 5);
  }
  return false;
}

describe("ending a spill saved on the worker", () => {
  test("the worker's thread ends on its own once the spill is saved, while this thread never turns its event loop", () => {
    const dir = makeStore().dir;
    stores.push(new SpillStore(dir));
    const dataPath = `${dir}/out`;
    const dataFd = fs.openSync(dataPath, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
    const sink = new SpillSink({ dataFd, dataPath }, { threadAfterBytes: 0, waitForWorker: true });
    for (let offset = 0; offset < input.length; offset += 65_536) expect(sink.write(input.subarray(offset, offset + 65_536))).toBe(true);
    expect(sink.threaded).toBe(true);
    expect(sink.close()).toMatch(/^[0-9a-f]{64}$/);
    expect(sink.workerThread).toBeGreaterThan(0);
    // It closed descriptors this thread opened: a warning for each, had Node tracked them, left for this thread to read.
    expect(threadEndsWhileBusy(sink.workerThread, 5000)).toBe(true);
  });

  test("the spill is ended when it is saved and waited for only when its record is written, after the cut", () => {
    const events: string[] = [];
    const end = SpillSink.prototype.end;
    const close = SpillSink.prototype.close;
    vi.spyOn(SpillSink.prototype, "end").mockImplementation(function (this: SpillSink) {
      events.push(`end ${this.threaded}`);
      return end.call(this);
    });
    vi.spyOn(SpillSink.prototype, "close").mockImplementation(function (this: SpillSink) {
      events.push("close");
      return close.call(this);
    });
    const saveRecord = RawSpill.prototype.saveRecord;
    vi.spyOn(RawSpill.prototype, "saveRecord").mockImplementation(function (this: RawSpill, ...args) {
      events.push("record");
      return saveRecord.apply(this, args);
    });
    const bounded = bound(input, { spill: { store: storeWith({ threadAfterBytes: 0, waitForWorker: true }) } });
    expect(bounded.spill?.kind).toBe("saved");
    expect(events).toEqual(["end true", "record", "close"]);
  });

  test("the disk fills at the last bytes, written by the worker after the input ended: the text is the one of a spill that failed at once", () => {
    const fault = { afterBytes: input.length - 100, code: "ENOSPC" };
    const late = storeWith({ threadAfterBytes: 0, waitForWorker: true, fault });
    const early = storeWith({ thread: false, fault });
    const onWorker = bound(input, { spill: { store: late } });
    const here = bound(input, { spill: { store: early } });
    expect(onWorker.spill).toMatchObject({ kind: "failed", reason: expect.stringContaining("the disk is full (ENOSPC)") });
    const anonymous = (text: string, store: SpillStore): string => text.replaceAll(store.dir, "STORE").replace(/tool_[0-9a-z]{26}/g, "ID");
    expect(anonymous(onWorker.text, late)).toBe(anonymous(here.text, early));
    expect(listNames(late.dir)).toEqual([".tombstones"]);
  });
});
