// A giant line gives the same projection however its bytes arrive: read from a file (1 MiB), a pipe (64 KiB), a
// socket (smaller), whole or in random pieces; with salience on and off, alone, between normal lines or at the end.
import { describe, expect, test } from "vitest";
import { BoundSession, MODEL_BUDGET, resolveBoundOptions } from "../../src/bound/index.js";

const MiB = 1024 * 1024;

/** Deterministic text of about `size` bytes: log lines, or one line of progress-bar pieces (`\r`, colours, é€😀). */
function text(size: number, kind: "logs" | "bar", seed: number): Buffer {
  let state = seed;
  const next = (): number => (state = (state * 1103515245 + 12345) % 2 ** 31);
  const parts: string[] = [];
  for (let length = 0, index = 0; length < size; index += 1) {
    const part =
      kind === "logs"
        ? `2026-12-01T04:${String(index % 60).padStart(2, "0")}:00Z ${next() % 17 === 0 ? "ERROR" : "INFO"} [worker-${next() % 11}] handled /api/items/${next() % 99991} in ${next() % 991} ms\n`
        : `progress ${next() % 1000} é€😀 \x1b[3${next() % 8}m item ${next() % 99999}\x1b[0m${next() % 7 === 0 ? "\r" : " "}${next() % 50 === 0 ? "ERROR: failed to connect " : ""}`;
    parts.push(part);
    length += Buffer.byteLength(part);
  }
  return Buffer.from(parts.join(""));
}

/** The bounded text of `bytes` written in pieces of the sizes `pieceSize` gives (as raw input, or as derived text). */
function bounded(bytes: Buffer, salience: boolean, derived: boolean, pieceSize: (index: number) => number): string {
  const session = new BoundSession(resolveBoundOptions({ budget: MODEL_BUDGET, salience }));
  for (let at = 0, index = 0; at < bytes.length; index += 1) {
    const piece = bytes.subarray(at, at + pieceSize(index));
    if (derived) session.writeDerivedText(piece);
    else session.write(piece);
    at += piece.length;
  }
  return session.finish().text;
}

const giant = text(3 * MiB, "bar", 3);
const inputs: Record<string, Buffer> = {
  "one giant line": giant,
  "a giant line between a few log lines and more": Buffer.concat([text(2000, "logs", 5), giant, Buffer.from("\n"), text(300_000, "logs", 7)]),
  "a giant line at the end, after a few log lines": Buffer.concat([text(3000, "logs", 9), text(1.5 * MiB, "bar", 11)]),
  "a giant line at the end, past the head": Buffer.concat([text(2 * MiB, "logs", 9), text(1.5 * MiB, "bar", 11)]),
};
const sizes: Record<string, (index: number) => number> = {
  "64 KiB": () => 64 * 1024,
  "4 KiB": () => 4096,
  "208 KiB after 8 KiB": (index) => (index === 0 ? 8192 : 212_992),
  "1 MiB + 1": () => MiB + 1,
  "1 MiB - 1": () => MiB - 1,
  "all at once": () => 8 * MiB,
};

describe.each([
  [true, false],
  [false, false],
  [true, true],
])("a giant line, salience %s, derived text %s", (salience, derived) => {
  test.each(Object.keys(inputs))("%s: every chunking gives what 1 MiB reads give", (name) => {
    const bytes = inputs[name]!;
    const asFile = bounded(bytes, salience, derived, () => MiB);
    expect(asFile).toContain("omitted");
    let seed = 13;
    const chunkings = { ...sizes, random: () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 300_000 + 1 };
    const differing = Object.entries(chunkings).filter(([, size]) => bounded(bytes, salience, derived, size) !== asFile);
    expect(differing.map(([label]) => label)).toEqual([]);
  });
});
