// The raw bytes held before the spill opens lie in the newline counter's room when no reader took it
// (bound/raw-spill.ts `hold`, text/newline-count.ts newlineCountRoom): `run` reads its output into the pooled
// writes' blocks made of that memory, so the spill's line index counts every chunk where it was read, none copied
// into the counter's window; the file, its index and its sha256 are what they were. A file of its own: the room is
// handed out once in a process, so no other hold in this file may take it first.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, expect, test } from "vitest";
import { RawSpill } from "../../src/bound/raw-spill.js";
import { readLineIndex } from "../../src/spill/line-index.js";
import { SpillStore } from "../../src/spill/store.js";
import { newlineCountRoom, newlineCountWork } from "../../src/text/newline-count.js";
import { sample } from "../spill/sample-bytes.js";

const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-raw-room-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const KiB = 1024;

test("an output read into the rooms the spill lends (as run reads it) is counted for the index where it lies: no byte copied but the read that opened the spill", async () => {
  const store = new SpillStore(path.join(dir, "store"), { thread: false, pooledWrites: true });
  const spill = new RawSpill({ store }, undefined);
  const lines = Array.from({ length: 5000 }, (_, index) => `line ${index} of the output ${"x".repeat(index % 50)}\n`).join("");
  const bytes = Buffer.concat([sample(5, 40 * KiB), Buffer.from(lines.repeat(Math.ceil((3 * 1024 * KiB) / lines.length)))]).subarray(0, 3 * 1024 * KiB + 333);
  const copied = newlineCountWork.copied;
  const reused = Buffer.alloc(64 * KiB); // the first reads, before any room is lent: a stream's own buffer
  for (let offset = 0; offset < bytes.length; ) {
    let room = spill.readRoom(16 * KiB);
    for (let turn = 0; turn < 2000 && room === undefined && spill.readRoom(0) === undefined && offset >= 1024 * KiB; turn += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1)); // every block written or being written: wait for one
      room = spill.readRoom(16 * KiB);
    }
    const into = room ?? reused;
    const size = bytes.copy(into, 0, offset, Math.min(bytes.length, offset + Math.min(into.length, 64 * KiB)));
    spill.keep(into.subarray(0, size));
    offset += size;
  }
  const report = spill.save(bytes.length);
  expect(report.kind).toBe("saved");
  if (report.kind !== "saved") return;
  expect(spill.saveRecord("", report, {}, 0).kind).toBe("saved");
  // the one read that opens the spill came before any room was lent (written as it is, counted from a copy)
  expect(newlineCountWork.copied - copied).toBeLessThanOrEqual(64 * KiB);
  expect(fs.readFileSync(report.path).equals(bytes)).toBe(true);
  const record = JSON.parse(fs.readFileSync(`${report.path}.json`, "utf8")) as { sha256: string };
  expect(record.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
  let newlines = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) newlines += 1;
  expect(readLineIndex(`${report.path}.idx`, bytes.length)?.newlines).toBe(newlines);
  expect(newlineCountRoom(1024)).toBeUndefined(); // the hold took it
});
