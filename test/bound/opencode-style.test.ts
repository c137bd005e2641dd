// `--style opencode` against a reference written straight from REFERENCE.md (opencode's ToolOutputStore.bound).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { bound, countLines, RAW_HYGIENE } from "../../src/bound/index.js";
import { BudgetTooSmallError } from "../../src/errors.js";
import { SpillStore } from "../../src/spill/store.js";

const dir = mkdtempSync(join(tmpdir(), "correx-oc-"));
const store = new SpillStore(dir);
store.prepare();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (text: string): number => Buffer.byteLength(text);
function longestPrefix(text: string, max: number): string {
  let out = "";
  for (const char of text) {
    if (bytes(out + char) > max) break;
    out += char;
  }
  return out;
}
function longestSuffix(text: string, max: number): string {
  const chars = Array.from(text);
  let out = "";
  for (let index = chars.length - 1; index >= 0; index -= 1) {
    if (bytes(chars[index]! + out) > max) break;
    out = chars[index]! + out;
  }
  return out;
}

/** opencode's algorithm, as REFERENCE.md states it, over the whole text. */
function reference(text: string, maxLines: number, maxBytes: number, path: string): string {
  if (text.split("\n").length <= maxLines && bytes(text) <= maxBytes) return text;
  const marker = `... output truncated; full content saved to ${path} ...`;
  if (maxLines <= 4 || maxBytes <= bytes(marker) + 4) return longestPrefix(marker, maxBytes).split("\n").slice(0, maxLines).join("\n");
  const lines = maxLines - 4;
  const room = maxBytes - bytes(marker) - 4;
  const parts = text.split("\n");
  let head: string;
  let tail: string;
  let sample: string;
  if (parts.length <= lines) {
    sample = text;
    head = text;
    tail = "";
  } else {
    const first = parts.slice(0, Math.ceil(lines / 2));
    const last = parts.slice(parts.length - Math.floor(lines / 2));
    sample = `${first.join("\n")}\n${last.join("\n")}`;
    head = first.join("\n");
    tail = last.join("\n");
  }
  if (bytes(sample) > room) {
    head = longestPrefix(sample, Math.ceil(room / 2));
    tail = longestSuffix(sample, Math.floor(room / 2));
  }
  return tail.length > 0 ? `${head}\n\n${marker}\n\n${tail}` : `${head}\n\n${marker}`;
}

const piece = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("é", "😀", "中文", "\n", "\n\n", "x".repeat(300)));
const text = fc.array(piece, { maxLength: 400 }).map((pieces) => pieces.join(""));

describe("--style opencode", () => {
  test("matches the reference algorithm exactly", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 80 }), fc.integer({ min: 1, max: 3000 }), (input, maxLines, maxBytes) => {
        const run = () => bound(input, { style: "opencode", budget: { maxLines, maxBytes }, hygiene: RAW_HYGIENE, spill: { store } });
        // opencode cuts its own marker to a tiny budget; correx refuses instead (exit 2), naming the budget that works.
        const markerBytes = bytes(`... output truncated; full content saved to ${join(dir, "tool_00000000000000000000000000")} ...`);
        const fits = input.split("\n").length <= maxLines && bytes(input) <= maxBytes;
        if (!fits && maxBytes < markerBytes) {
          expect(run).toThrow(BudgetTooSmallError);
          return;
        }
        const result = run();
        const path = result.spill?.kind === "saved" ? result.spill.path : "";
        const expected = reference(input, maxLines, maxBytes, path);
        // Where opencode's own output goes over its line budget, correx keeps the budget with the same cut, smaller.
        if (countLines(expected) <= maxLines) expect(result.text).toBe(expected);
        else expect(countLines(result.text)).toBeLessThanOrEqual(maxLines);
      }),
      { numRuns: 500 },
    );
  });

  test("with the default limits, a 3000-line log keeps 998 head and 998 tail lines", () => {
    const input = Array.from({ length: 3000 }, (_, index) => `${index + 1}`).join("\n");
    const result = bound(input, { style: "opencode", hygiene: RAW_HYGIENE, spill: { store } });
    const path = result.spill?.kind === "saved" ? result.spill.path : "";
    expect(result.text).toBe(reference(input, 2000, 51200, path));
    expect(result.text).toContain(`998\n\n... output truncated; full content saved to ${path} ...\n\n2003\n`);
  });
});
