// A session's chunks are the caller's to reuse once `write` returns (the CLI reads 1 MiB at a time into one buffer):
// the chunk that completes the sniff is decided on and fed without a copy, and the one that fills the spill's memory
// share goes to the file without one, so nothing may keep a reference to it. Written through one reused buffer that
// is scribbled over after each write, real outputs (text, binary, UTF-16, plain JSON, and text over the 1 MiB the
// spill holds in memory) give the same result and the same saved bytes as fresh chunks, however they are cut.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { BoundSession, resolveBoundOptions } from "../../src/bound/index.js";
import { makeStore } from "../spill/helpers.js";

const fixture = (name: string): Buffer => readFileSync(join(__dirname, "..", "fixtures", name));
const tsc = fixture("tsc-failing-build.txt");
const INPUTS: [string, Buffer][] = [
  ["a failing build (text)", tsc],
  ["an ELF binary", fixture("elf.bin")],
  ["UTF-16LE text", fixture("cjk-emoji.utf16le.txt")],
  ["an npm ls JSON document", fixture(join("json", "npm-ls-all.json"))],
  ["1.3 MiB of build output (past the spill's memory share)", Buffer.concat(Array.from({ length: 26 }, () => tsc))],
];

/** Bounds `input` cut at `cuts`, each chunk fresh (`reuse` false) or copied into one buffer scribbled over after each write. */
function bound(input: Buffer, cuts: number[], reuse: boolean): { text: string; saved: Buffer | undefined } {
  const session = new BoundSession(resolveBoundOptions(), { store: makeStore() });
  const shared = Buffer.alloc(input.length);
  let from = 0;
  for (const to of [...cuts, input.length]) {
    if (to <= from) continue;
    if (reuse) {
      input.copy(shared, 0, from, to);
      session.write(shared.subarray(0, to - from));
      shared.fill(0x5a);
    } else {
      session.write(Buffer.from(input.subarray(from, to)));
    }
    from = to;
  }
  const result = session.finish();
  const saved = result.spill?.kind === "saved" ? result.spill : undefined;
  // each session has a store of its own: its path and the output's id are named as such
  const text = saved ? result.text.replaceAll(saved.path, "PATH").replaceAll(saved.id, "ID") : result.text;
  return { text, saved: saved ? readFileSync(saved.path) : undefined };
}

describe("chunks reused by the caller", () => {
  test.each(INPUTS)("%s: the same result and saved bytes as fresh chunks, at the sniff's and the memory's edges", (_name, input) => {
    for (const edges of [[], [8191], [8192], [8193], [4096, 8192, 1 << 20], [(1 << 20) - 1], [1 << 20], [100, (1 << 20) + 100]]) {
      const cuts = edges.filter((cut) => cut < input.length);
      const fresh = bound(input, cuts, false);
      const reused = bound(input, cuts, true);
      expect(reused.text).toBe(fresh.text);
      expect(reused.saved?.equals(input) ?? false).toBe(fresh.saved !== undefined);
    }
  });

  test("any cutting of the outputs", () => {
    fc.assert(
      fc.property(fc.constantFrom(...INPUTS), fc.array(fc.nat(), { maxLength: 6 }), ([, input], offsets) => {
        const cuts = [...new Set(offsets.map((offset) => offset % input.length))].sort((a, b) => a - b);
        const [reused, fresh] = [bound(input, cuts, true), bound(input, cuts, false)];
        expect(reused.text).toBe(fresh.text);
        expect(reused.saved?.equals(input) ?? false).toBe(fresh.saved !== undefined);
      }),
      { numRuns: 40 },
    );
  });
});
