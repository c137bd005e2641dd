// The input's size known before it is read (cli/input-files.ts knownInputBytes): regular files tell it, pipes do
// not; `bound` passes it on so that a big spill starts its worker with its first write.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, expect, test } from "vitest";
import { knownInputBytes } from "../../src/cli/input-files.js";

const work = fs.mkdtempSync(path.join(tmpdir(), "correx-input-size-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const file = (name: string, bytes: number): string => {
  const target = path.join(work, name);
  fs.writeFileSync(target, Buffer.alloc(bytes, 0x61));
  return target;
};

test("named regular files: the sum of their sizes (a file named twice counts once, as it is read once)", () => {
  const first = file("first", 1000);
  const second = file("second", 234);
  expect(knownInputBytes([first, second])).toBe(1234);
  expect(knownInputBytes([first, first])).toBe(1000);
});

test("anything that is not a regular file, or cannot be looked at, tells nothing", () => {
  expect(knownInputBytes([file("plain", 10), work])).toBeUndefined();
  expect(knownInputBytes([path.join(work, "missing")])).toBeUndefined();
});

test("stdin: a regular file's size; a pipe's is unknown", () => {
  const fd = fs.openSync(file("stdin", 5000), "r");
  const [readEnd, writeEnd] = pipe();
  try {
    expect(knownInputBytes([], fd)).toBe(5000);
    expect(knownInputBytes(["-"], fd)).toBe(5000);
    expect(knownInputBytes(["-", file("more", 7)], fd)).toBe(5007);
    expect(knownInputBytes([], readEnd)).toBeUndefined();
  } finally {
    for (const open of [fd, readEnd, writeEnd]) fs.closeSync(open);
  }
});

/** A pipe's two descriptors (a FIFO opened both ways, so neither open blocks). */
function pipe(): [number, number] {
  const fifo = path.join(work, "fifo");
  spawnSync("mkfifo", [fifo]);
  const readEnd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  return [readEnd, fs.openSync(fifo, "w")];
}
