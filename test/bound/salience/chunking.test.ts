// What salience keeps does not depend on how the input arrives: the same bytes written as a file is read (1 MiB),
// as a pipe delivers them (64 KiB) or in random small pieces give the same projection, summary included.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { BoundSession, MODEL_BUDGET, resolveBoundOptions } from "../../../src/bound/index.js";

const TRACEBACK = readFileSync(fileURLToPath(new URL("../../fixtures/salience/python-batch-traceback.txt", import.meta.url)));

/** About 3 MB of varied log lines (a few error kinds among them), a recorded traceback in the middle. */
function input(): Buffer {
  const lines: string[] = [];
  for (let index = 0; index < 40_000; index += 1) {
    const level = index % 97 === 0 ? "ERROR" : index % 13 === 0 ? "WARN" : "INFO";
    lines.push(`2026-12-01T04:${String(index % 60).padStart(2, "0")}:${String(index % 59).padStart(2, "0")}Z ${level} [worker-${index % 11}] ${index % 97 === 0 ? `request ${index} failed: upstream ${index % 7} refused` : `handled /api/v${index % 3}/items/${index} in ${index % 991} ms`}`);
  }
  const half = Buffer.from(`${lines.slice(0, 20_000).join("\n")}\n`);
  return Buffer.concat([half, TRACEBACK, Buffer.from(`${lines.slice(20_000).join("\n")}\n`)]);
}

function bounded(bytes: Buffer, pieceSize: (index: number) => number): string {
  const session = new BoundSession(resolveBoundOptions({ budget: MODEL_BUDGET, salience: true }));
  for (let at = 0, index = 0; at < bytes.length; index += 1) {
    const size = pieceSize(index);
    session.write(bytes.subarray(at, at + size));
    at += size;
  }
  return session.finish().text;
}

describe("salience and chunking", () => {
  test("1 MiB reads, 64 KiB pipe reads and random pieces give the same projection", () => {
    const bytes = input();
    const asFile = bounded(bytes, () => 1024 * 1024);
    expect(asFile).toContain("Traceback (most recent call last):");
    expect(asFile).toMatch(/the omitted lines, (mostly|among them): ~/);
    expect(bounded(bytes, () => 64 * 1024)).toBe(asFile);
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 9000 + 1;
    expect(bounded(bytes, random)).toBe(asFile);
  });
});

describe("a failure's frame looked for under its diff", () => {
  // jest's output (each `●` block: title, message, diff, code frame, then the frame 21 lines below) at a few offsets
  // in a stream of log lines: the frames a closed group looks for are the same whatever the pieces the input came in.
  const JEST = readFileSync(fileURLToPath(new URL("../../fixtures/salience/jest-verbose-2-failures.txt", import.meta.url)));
  const title = JEST.indexOf("  ● parser suite 7 › handles error responses 17");
  const logs = (bytes: number): Buffer => {
    const lines: string[] = [];
    for (let index = 0, size = 0; size < bytes; index += 1) {
      const line = `2026-12-01T04:${String(index % 60).padStart(2, "0")}:00Z INFO [worker-${index % 13}] handled /api/items/${index} in ${index % 991} ms`;
      lines.push(line);
      size += line.length + 1;
    }
    return Buffer.from(`${lines.join("\n")}\n`);
  };
  test.each([-900, -500, -100])("jest's output %i bytes from 256 KiB into the logs", (shift) => {
    const before = logs(256 * 1024 + shift - title);
    const bytes = Buffer.concat([before, JEST, logs(3 * 1024 * 1024)]);
    const asFile = bounded(bytes, () => 1024 * 1024);
    expect(asFile).toContain("at Object.toEqual (test/parser07.test.js:23:67)");
    expect(bounded(bytes, () => 64 * 1024)).toBe(asFile);
    let seed = 11;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 9000 + 1;
    expect(bounded(bytes, random)).toBe(asFile);
  });
});
