// The library's BoundSession takes any Uint8Array (a web stream's chunks, fetch's body) as it takes a Buffer: a
// Uint8Array's lines were read through its toString(), and the model read "108,105,110,101,…" for "line".
import { describe, expect, test } from "vitest";
import { BoundSession, resolveBoundOptions } from "../../src/index.js";

const log = Buffer.from(`${Array.from({ length: 50000 }, (_, index) => `line ${index} \u001b[32mok\u001b[0m ${"é".repeat(index % 5)}`).join("\n")}\n`);

function bounded(wrap: (chunk: Buffer) => Uint8Array): string {
  const session = new BoundSession(resolveBoundOptions({ budget: { maxLines: 12, maxBytes: 3000 } }));
  for (let offset = 0; offset < log.length; offset += 70_000) session.write(wrap(log.subarray(offset, offset + 70_000)));
  return session.finish().text;
}

describe("BoundSession.write", () => {
  test("Uint8Array chunks of 70,000 bytes, past the sniffed prefix (copies, and views into a larger buffer) bound as Buffers do", () => {
    const expected = bounded((chunk) => chunk);
    expect(expected.split("\n")[0]).toBe("line 0 ok ");
    expect(bounded((chunk) => new Uint8Array(chunk))).toBe(expected);
    expect(bounded((chunk) => {
      const larger = new Uint8Array(chunk.length + 16);
      larger.set(chunk, 8);
      return larger.subarray(8, 8 + chunk.length);
    })).toBe(expected);
  });
});
