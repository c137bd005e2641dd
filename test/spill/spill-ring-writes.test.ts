// The spill worker's pooled writes: pieces land at their offsets, one write at a time, `confirmed` only covers what
// is written from the file's start, and a failed write is kept for `check` without leaving `idle` waiting.
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { RingWrites } from "../../src/spill/spill-ring-writes.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-ring-writes-"));
  dirs.push(dir);
  return path.join(dir, "data");
}

describe("RingWrites", () => {
  test("pieces after bytes already in the file land at their offsets; confirmed reaches the end once idle", async () => {
    const file = tempFile();
    fs.writeFileSync(file, "head:");
    const fd = fs.openSync(file, "r+");
    const writes = new RingWrites(5);
    const pieces = ["one ", "two ", "three ", "four"].map((text) => Buffer.from(text));
    let at = 5;
    for (const piece of pieces) {
      writes.write(fd, piece, at);
      at += piece.length;
    }
    // one write at a time: the file's inode lock is taken in turn, and a pool thread waiting for it spins
    expect(writes.calls).toBe(1);
    expect(writes.inFlight).toBe(4);
    expect(writes.confirmed).toBeLessThan(at); // nothing has called back before this turn ends
    await writes.next();
    expect(writes.calls).toBe(2);
    await writes.idle();
    expect(writes.calls).toBe(4);
    expect(writes.inFlight).toBe(0);
    expect(writes.confirmed).toBe(at);
    writes.finish();
    fs.closeSync(fd);
    expect(fs.readFileSync(file, "utf8")).toBe("head:one two three four");
  });

  test("a failed write is kept: check throws it, confirmed stops before it, idle still ends", async () => {
    const file = tempFile();
    fs.writeFileSync(file, "");
    const fd = fs.openSync(file, "r"); // not open for writing: EBADF
    const writes = new RingWrites(0);
    writes.write(fd, Buffer.from("lost"), 0);
    writes.write(fd, Buffer.from(" and after"), 4); // waits for the first, then is never written
    await writes.idle();
    expect(writes.calls).toBe(1);
    writes.write(fd, Buffer.from(" later"), 14);
    expect(writes.inFlight).toBe(0);
    expect(writes.confirmed).toBe(0);
    expect(() => writes.check()).toThrow(expect.objectContaining({ code: "EBADF" }));
    expect(() => writes.finish()).toThrow(expect.objectContaining({ code: "EBADF" }));
    fs.closeSync(fd);
  });
});
