// The CLI's reader places each chunk in its reused buffer at the chunk's stream offset modulo 8, so that copying
// it into the spill worker's shared ring (placed the same way) is a word copy, not V8's byte-by-byte one.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { expect, test } from "vitest";
import { readDescriptor } from "../../src/cli/io.js";

test("odd-sized reads from a pipe keep their stream alignment, and the bytes", () => {
  const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-fifo-"));
  const fifo = path.join(dir, "pipe");
  try {
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const fd = fs.openSync(fifo, fs.constants.O_RDWR); // reader and writer at once: no blocking open
    const reader = readDescriptor(fd, "pipe");
    const seen: string[] = [];
    let offset = 0;
    for (const piece of ["abc", "defgh", "i", "jklmnopqrstuvwxyz0123"]) {
      fs.writeSync(fd, piece);
      const chunk = reader.next().value as Buffer;
      expect(chunk.byteOffset % 8).toBe(offset % 8);
      seen.push(chunk.toString());
      offset += chunk.length;
    }
    expect(seen).toEqual(["abc", "defgh", "i", "jklmnopqrstuvwxyz0123"]);
    fs.closeSync(fd);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
