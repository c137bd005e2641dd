// A regular file past one read is read into the newline counter's room (cli/interruptible-input.ts, text/newline-count.ts
// newlineCountRoom): the spill's line index counts its chunks where they lie, with no copy into the counter's
// window, and the spill, its index and its sha256 are what they were. A file of its own: the room is handed out
// once in a process, so no other reader in this file may take it first.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, expect, test } from "vitest";
import { StopWatch } from "../../src/cli/interrupt.js";
import { readInterruptibly } from "../../src/cli/interruptible-input.js";
import { openIndexFile } from "../../src/spill/index-file.js";
import { readLineIndex } from "../../src/spill/line-index.js";
import { SpillSink } from "../../src/spill/spill-sink.js";
import { newlineCountRoom } from "../../src/text/newline-count.js";

const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-file-room-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a 5 MiB file's chunks are counted for the spill's index where they were read: none copied, the spill and its index the same", async () => {
  const lines = Array.from({ length: 90_000 }, (_, index) => `2026-12-05T00:0${index % 10}:00Z INFO worker-${index % 16} wrote ${"x".repeat(index % 40)}\n`).join("");
  const data = Buffer.from(lines.repeat(Math.ceil((5 * 1024 * 1024 + 777) / lines.length))).subarray(0, 5 * 1024 * 1024 + 777);
  const input = path.join(dir, "input");
  fs.writeFileSync(input, data);
  const dataPath = path.join(dir, "spill");
  const dataFd = fs.openSync(dataPath, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
  const sink = new SpillSink({ dataFd, dataPath, indexFd: openIndexFile(dataPath)! }, { thread: false });
  const fd = fs.openSync(input, "r");
  const stop = new StopWatch().install();
  let chunks = 0;
  try {
    for await (const chunk of readInterruptibly(fd, "file", stop)) {
      expect(sink.write(chunk)).toBe(true);
      chunks += 1;
    }
  } finally {
    stop.remove();
    fs.closeSync(fd);
  }
  expect(chunks).toBeGreaterThanOrEqual(6);
  expect(sink.close()).toBe(createHash("sha256").update(data).digest("hex"));
  expect(sink.work.here).toMatchObject({ hashed: data.length, readBack: 0, indexCopied: 0 });
  expect(fs.readFileSync(dataPath).equals(data)).toBe(true);
  const index = readLineIndex(`${dataPath}.idx`, data.length);
  const ends: number[] = [];
  let newlines = 0;
  for (let at = data.indexOf(10); at !== -1; at = data.indexOf(10, at + 1)) {
    while ((ends.length + 1) * index!.blockBytes <= at) ends.push(newlines);
    newlines += 1;
  }
  while ((ends.length + 1) * index!.blockBytes <= data.length) ends.push(newlines);
  expect(index?.newlines).toBe(newlines);
  expect([...index!.ends]).toEqual(ends);
  // the room went to that reader: no second one in this process
  expect(newlineCountRoom(1024)).toBeUndefined();
});
