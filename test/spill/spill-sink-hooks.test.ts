// What `run` asks of the spill worker (issue 16, its peak memory and its start-up): a hook called once when it takes
// the spill, never for the writes; once the spill is closed, a promise that resolves when the worker's thread is
// gone (it ends on its own); and a worker still starting when the data ends is stopped then. Checked, never timed.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { SpillSink } from "../../src/spill/spill-sink.js";
import { SLOT, controlOf } from "../../src/spill/spill-ring.js";
import { makeStore } from "./helpers.js";

/** A sink on a new file in a fresh store, with a worker from the first byte; its path and the files' cleanup. */
function openSink(workerTookSpill: () => void) {
  const store = makeStore();
  const dataPath = path.join(store.dir, "output");
  const dataFd = fs.openSync(dataPath, "w+");
  const sink = new SpillSink({ dataFd, dataPath }, { ringBytes: 8192, threadAfterBytes: 0, waitForWorker: true, workerTookSpill });
  return { sink, dataPath, remove: () => fs.rmSync(store.dir, { recursive: true, force: true }) };
}

describe.skipIf(process.platform !== "linux")("the spill worker's hooks", () => {
  test("workerTookSpill: called once, when the worker takes the spill, not for the writes", () => {
    let calls = 0;
    const { sink, dataPath, remove } = openSink(() => (calls += 1));
    try {
      const bytes = Buffer.alloc(50_000, 0x61);
      for (let turn = 0; turn < 8; turn += 1) expect(sink.write(bytes)).toBe(true);
      expect(sink.threaded).toBe(true);
      expect(sink.close()).toBeDefined();
      // waitForWorker: the first write waits for the worker and hands over
      expect(calls).toBe(1);
      expect(fs.statSync(dataPath).size).toBe(8 * 50_000);
    } finally {
      remove();
    }
  });

  test("workerExited resolves once the worker's thread is gone", async () => {
    const { sink, remove } = openSink(() => undefined);
    try {
      sink.write(Buffer.from("line\n".repeat(1000)));
      expect(sink.threaded).toBe(true);
      const threadId = Atomics.load(controlOf(sink["shared"]!), SLOT.threadId);
      expect(threadId).toBeGreaterThan(0);
      expect(sink.close()).toBeDefined();
      await sink.workerExited();
      expect(fs.existsSync(`/proc/self/task/${threadId}`)).toBe(false);
    } finally {
      remove();
    }
  });

  test("a worker still starting when the data ends is stopped (it would never take the spill, which this thread finishes)", async () => {
    const store = makeStore();
    try {
      const dataPath = path.join(store.dir, "output");
      const sink = new SpillSink({ dataFd: fs.openSync(dataPath, "w+"), dataPath }, { ringBytes: 8192, threadAfterBytes: 0 });
      const bytes = Buffer.from("line\n".repeat(1000));
      expect(sink.write(bytes)).toBe(true);
      expect(sink["worker"]).toBeDefined();
      sink.end();
      expect(sink.threaded).toBe(false);
      // the old sink left it waiting for the spill until the close: its thread never ended before
      await sink.workerExited();
      expect(sink.close()).toBe(createHash("sha256").update(bytes).digest("hex"));
    } finally {
      fs.rmSync(store.dir, { recursive: true, force: true });
    }
  });
});
