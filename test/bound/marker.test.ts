// The marker's text is a stable interface (documented in the man page): its exact forms, snapshot by snapshot.
import { describe, expect, test } from "vitest";
import { formatMarker, shellQuote, withReadPage, worstCaseMarker, type Omission } from "../../src/bound/marker.js";
import { MODEL_BUDGET } from "../../src/bound/budget.js";
import type { SpillReport } from "../../src/bound/types.js";

const saved: SpillReport = { kind: "saved", id: "tool_01jdq3v2m8x4k7c9r5t0w2y6ab", path: "/state/correx/tool-output/tool_01jdq3v2m8x4k7c9r5t0w2y6ab" };
const lines: Omission = { fromLine: 401, toLine: 9600, wholeLines: 9200, cutInsideLines: false, omittedBytes: 1182720, totalLines: 10000, totalBytes: 1300000 };

describe("marker", () => {
  test("whole lines omitted, output saved", () => {
    expect(formatMarker(lines, saved)).toBe(
      "[... omitted 9200 lines, 1182720 bytes: lines 401-9600 of 10000 lines (1300000 bytes in all) ...]\n" +
        "[full output: /state/correx/tool-output/tool_01jdq3v2m8x4k7c9r5t0w2y6ab; read the omitted part with: correx read tool_01jdq3v2m8x4k7c9r5t0w2y6ab --offset 401, or: sed -n '401,9600p' /state/correx/tool-output/tool_01jdq3v2m8x4k7c9r5t0w2y6ab]",
    );
  });

  test("a cut inside one giant line", () => {
    const inside = { fromLine: 1, toLine: 1, wholeLines: 0, cutInsideLines: true, omittedBytes: 1073690624, totalLines: 1, totalBytes: 1073741824 };
    expect(formatMarker(inside, { kind: "disabled" })).toBe(
      "[... omitted 1073690624 bytes inside line 1 of 1 line (1073741824 bytes in all) ...]\n[full output not saved (--no-spill)]",
    );
  });

  test("a cut across lines, partly shown at both ends, spill failed", () => {
    const across = { fromLine: 3, toLine: 7, wholeLines: 3, cutInsideLines: true, omittedBytes: 5000, totalLines: 7, totalBytes: 6000 };
    expect(formatMarker(across, { kind: "failed", reason: "cannot create /ro/tool_x: the file system is read-only (EROFS)" })).toBe(
      "[... omitted 5000 bytes: lines 3-7, the first and last partly, of 7 lines (6000 bytes in all) ...]\n" +
        "[full output not saved: cannot create /ro/tool_x: the file system is read-only (EROFS)]",
    );
  });

  test("a cut partly shown at one edge only says which", () => {
    const across = { fromLine: 3, toLine: 7, wholeLines: 4, cutInsideLines: true, omittedBytes: 5000, totalLines: 7, totalBytes: 6000 };
    expect(formatMarker({ ...across, partEdge: "first" }, { kind: "disabled" }).split("\n")[0]).toBe("[... omitted 5000 bytes: lines 3-7, the first partly, of 7 lines (6000 bytes in all) ...]");
    expect(formatMarker({ ...across, partEdge: "last" }, { kind: "disabled" }).split("\n")[0]).toBe("[... omitted 5000 bytes: lines 3-7, the last partly, of 7 lines (6000 bytes in all) ...]");
  });

  test("a structured input points at its text view and names the input as read", () => {
    const view: SpillReport = { ...saved, textPath: `${saved.kind === "saved" ? saved.path : ""}.text` };
    expect(formatMarker(lines, view).split("\n")[1]).toBe(
      "[full output: /state/correx/tool-output/tool_01jdq3v2m8x4k7c9r5t0w2y6ab.text (as text; the input as read: /state/correx/tool-output/tool_01jdq3v2m8x4k7c9r5t0w2y6ab); read the omitted part with: correx read tool_01jdq3v2m8x4k7c9r5t0w2y6ab --offset 401, or: sed -n '401,9600p' /state/correx/tool-output/tool_01jdq3v2m8x4k7c9r5t0w2y6ab.text]",
    );
  });

  test("a text view whose input the cap stopped names the input's bytes saved, not the text's", () => {
    const view: SpillReport = { ...saved, textPath: "/state/v.text", notSavedBytes: 6480630, savedBytes: 2097152 };
    expect(formatMarker(lines, view).split("\n")[1]).toContain(
      "(as text; the input as read: /state/correx/tool-output/tool_01jdq3v2m8x4k7c9r5t0w2y6ab) (only the first 2097152 bytes of the input as read were saved: the per-output cap stopped 6480630 bytes);",
    );
  });

  test("the reservation is never shorter than a real marker for the same totals", () => {
    for (const omission of [lines, { ...lines, cutInsideLines: true }, { ...lines, fromLine: 9999, toLine: 10000, cutInsideLines: true }]) {
      expect(Buffer.byteLength(worstCaseMarker(10000, 1300000, saved)) + 8).toBeGreaterThanOrEqual(Buffer.byteLength(formatMarker(omission, saved)));
    }
  });

  test("the read command pages within a budget below read's defaults: lines less the page's frame, bytes, tokens", () => {
    const readCommand = (budget: Parameters<typeof withReadPage>[1]) => /correx read \S+ (.*), or: sed/.exec(formatMarker(lines, withReadPage(saved, budget)))![1];
    expect(readCommand({ maxLines: 2000, maxBytes: 51200 })).toBe("--offset 401");
    expect(readCommand({ maxLines: 5000, maxBytes: 1_000_000 })).toBe("--offset 401");
    expect(readCommand({ maxLines: 2000, maxBytes: 30000 })).toBe("--offset 401 --max-bytes 30000");
    expect(readCommand({ maxLines: 100, maxBytes: 10000, maxTokens: 2500 })).toBe("--offset 401 --limit 95 --max-bytes 10000 --max-tokens 2500");
    // never below what read takes: 256 bytes, 64 tokens, one line
    expect(readCommand({ maxLines: 3, maxBytes: 10, maxTokens: 5 })).toBe("--offset 401 --limit 1 --max-bytes 256 --max-tokens 64");
    // a report paged again for another budget names only that one
    expect(readCommand({ maxLines: 2000, maxBytes: 51200 })).toBe(/correx read \S+ (.*), or: sed/.exec(formatMarker(lines, withReadPage(withReadPage(saved, { maxLines: 10, maxBytes: 300 }), MODEL_BUDGET)))![1]);
    expect(withReadPage({ kind: "disabled" }, { maxLines: 10, maxBytes: 300 })).toEqual({ kind: "disabled" });
  });

  test.each([
    ["/plain/path", "/plain/path"],
    ["/with space/x", "'/with space/x'"],
    ["/it's", "'/it'\\''s'"],
  ])("shell quoting %s", (input, quoted) => expect(shellQuote(input)).toBe(quoted));
});
