// The input reader a stop signal can end (cli/interruptible-input.ts), in process, with real signals to this
// process: bytes come in order and in their places modulo 8 whether a fast read or a wait in the event loop got
// them; a signal ends a wait at once, and a file read without waits every 8 MiB.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, expect, test } from "vitest";
import { StopWatch } from "../../src/cli/interrupt.js";
import { readInterruptibly } from "../../src/cli/interruptible-input.js";

const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-interruptible-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a pipe's pieces, each written while the reader waits, come in order and in place; SIGINT ends the wait", async () => {
  const fifo = path.join(dir, "pipe");
  expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
  const fd = fs.openSync(fifo, fs.constants.O_RDWR); // this test is the writer, and stays one: no end of input (each piece fits the 64 KiB pipe)
  const stop = new StopWatch().install();
  try {
    const chunks = readInterruptibly(fd, "pipe", stop);
    let offset = 0;
    for (const piece of ["abc", "defgh", "i", "jklmnopqrstuvwxyz0123", "x".repeat(60_000)]) {
      const next = chunks.next(); // runs until it waits: nothing is there yet
      fs.writeSync(fd, piece);
      let got = "";
      while (got.length < piece.length) {
        const { value } = await (got === "" ? next : chunks.next());
        expect(value!.byteOffset % 8).toBe(offset % 8);
        got += value!.toString();
        offset += value!.length;
      }
      expect(got).toBe(piece);
    }
    const waiting = chunks.next();
    process.kill(process.pid, "SIGINT");
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(stop.signal).toBe("SIGINT");
    expect(stop.cutAfter).toBe(offset);
  } finally {
    stop.remove();
    fs.closeSync(fd);
  }
});

test("a file is read without waits, but a signal is seen within 16 MiB, not at its end", async () => {
  const file = path.join(dir, "file");
  fs.writeFileSync(file, Buffer.alloc(64 * 1024 * 1024, "y\n"));
  const fd = fs.openSync(file, "r");
  const stop = new StopWatch().install();
  try {
    let read = 0;
    for await (const chunk of readInterruptibly(fd, "file", stop)) {
      if (read === 0) process.kill(process.pid, "SIGINT"); // handled when the event loop next turns
      read += chunk.length;
    }
    expect(stop.signal).toBe("SIGINT");
    expect(stop.cutAfter).toBe(read);
    expect(read).toBeLessThanOrEqual(16 * 1024 * 1024);
  } finally {
    stop.remove();
    fs.closeSync(fd);
  }
});
