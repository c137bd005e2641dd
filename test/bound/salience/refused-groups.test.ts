// A salient line the full reservoir refuses whatever travels with it costs no owner lookup (issue 16: at 100 MiB of
// log lines nearly every scored line is such a line, and ownerOf read the line above each): the groups kept are the
// ones kept when every group is built (the reservoir asked as before: the oracle), and the lines above are read far
// less.
import { afterEach, describe, expect, test, vi } from "vitest";
import { BoundSession, MODEL_BUDGET, resolveBoundOptions } from "../../../src/bound/index.js";
import { LinesAbove } from "../../../src/bound/salience/lines-above.js";
import { Reservoir } from "../../../src/bound/salience/reservoir.js";
import { SalienceScanner } from "../../../src/bound/salience/scanner.js";
import { createRandom } from "../../fuzz/generate.js";

const WORDS = ["compiled", "fetched", "retrying", "connected to", "wrote", "skipped", "resolved", "cache miss for", "timeout on", "checked", "parsed", "sent"];
const PATHS = ["src/module", "lib/util", "api/handler", "db/pool", "net/socket", "ui/view", "test/spec"];

/** Log lines with errors of some hundred kinds, and what travels with some: a trace line, gcc's context, a file header, frames. */
function logLines(seed: number, bytes: number): Buffer {
  const random = createRandom(seed);
  const lines: string[] = [];
  for (let size = 0; size < bytes; ) {
    const level = random.pick(["INFO", "INFO", "DEBUG", "WARN", "ERROR"]);
    const id = Math.floor(random.next() * 0xffffffff).toString(16).padStart(8, "0");
    const added: string[] = [];
    if (level === "ERROR" && random.chance(0.05)) added.push(`+ make -C ${random.pick(PATHS)}`);
    if (level === "ERROR" && random.chance(0.03)) added.push(`${random.pick(PATHS)}.c: In function ‘f${random.integer(0, 9)}’:`, `${random.pick(PATHS)}.c:${random.integer(1, 99)}:4: error: expected ‘;’ before ‘}’ token`);
    if (random.chance(0.02)) added.push(`${random.pick(PATHS)}/index.js`, `  ${random.integer(1, 99)}:${random.integer(1, 9)}  error  'x' is not defined  no-undef`);
    added.push(`2026-11-01T0${random.integer(0, 9)}:00:00.000Z ${level} [worker-${random.integer(0, 15)}] ${random.pick(WORDS)} ${random.pick(PATHS)}-${random.integer(0, 499)}.ts (req ${id}) in ${random.integer(0, 1999)} ms`);
    if (random.chance(0.03)) added.push(`    at ${random.pick(PATHS)}/index.js:${random.integer(1, 900)}:${random.integer(1, 80)}`);
    for (const line of added) size += line.length + 1;
    lines.push(...added);
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

/** What the scanner keeps of `input` handed over in 64 KiB pieces, and the lines above it read. */
function scan(input: Buffer): { kept: string; above: number } {
  const at = vi.spyOn(LinesAbove.prototype, "at");
  const scanner = new SalienceScanner((line) => line, 51_200);
  scanner.begin(1, true);
  for (let offset = 0; offset < input.length; offset += 65_536) scanner.evict(input.subarray(offset, offset + 65_536));
  scanner.flush();
  const kept = JSON.stringify({ groups: scanner.groups(), summary: scanner.summary.describe(() => true), work: scanner.work });
  const above = at.mock.calls.length;
  at.mockRestore();
  return { kept, above };
}

/** The text bounding `input` at the model's budget writes (no spill), and the lines above read. */
function bound(input: Buffer): { text: string; above: number } {
  const at = vi.spyOn(LinesAbove.prototype, "at");
  const session = new BoundSession(resolveBoundOptions({ budget: MODEL_BUDGET }));
  for (let offset = 0; offset < input.length; offset += 65_536) session.write(input.subarray(offset, offset + 65_536));
  const { text } = session.finish();
  const above = at.mock.calls.length;
  at.mockRestore();
  return { text, above };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a group the full reservoir refuses", () => {
  test("is not built: the same groups kept, a fraction of the lines above read", () => {
    for (const seed of [1, 2, 3]) {
      const input = logLines(seed, 3 * 1024 * 1024);
      const now = scan(input);
      // The oracle: the reservoir never says beforehand that it refuses, so every group is built and offered.
      vi.spyOn(Reservoir.prototype, "refuses").mockReturnValue(false);
      const built = scan(input);
      vi.restoreAllMocks();
      expect(now.kept).toBe(built.kept);
      const { work } = JSON.parse(now.kept) as { work: { scoredLines: number } };
      expect(work.scoredLines).toBeGreaterThan(1000);
      // Each built group reads a line above at least; the WARN lines (a fifth) are scored too, for the rare warnings
      // (rare-warnings.ts), and make no group once there are more than 8: built 1,506 lines above for 2,776 scored.
      expect(built.above).toBeGreaterThan(work.scoredLines / 2);
      expect(now.above).toBeLessThan(built.above / 2);
    }
  });

  test("in the window's lines too (an output that fits the ring: its middle is scored at the end)", () => {
    for (const seed of [4, 5]) {
      const input = logLines(seed, 900 * 1024);
      const now = bound(input);
      vi.spyOn(Reservoir.prototype, "refuses").mockReturnValue(false);
      const built = bound(input);
      vi.restoreAllMocks();
      expect(now.text).toBe(built.text);
      expect(now.text).toContain("salient lines of the omitted range");
      expect(built.above).toBeGreaterThan(1000);
      expect(now.above).toBeLessThan(built.above / 2);
    }
  });
});
