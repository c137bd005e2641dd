// The streaming bounder: chunking never changes the result; big inputs keep exact line numbers and totals.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { BoundSession, resolveBoundOptions } from "../../src/bound/index.js";
import type { BoundOptions } from "../../src/bound/types.js";
import { BudgetTooSmallError } from "../../src/errors.js";

function boundInChunks(bytes: Buffer, cuts: number[], options: Partial<BoundOptions> = {}) {
  const session = new BoundSession(resolveBoundOptions(options));
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    session.write(bytes.subarray(start, Math.max(start, cut)));
    start = Math.max(start, cut);
  }
  session.write(bytes.subarray(start));
  return session.finish();
}

/** The text, or the budget a refusal names: chunking may change neither. */
function outcomeOf(make: () => string): string {
  try {
    return make();
  } catch (error) {
    if (error instanceof BudgetTooSmallError) return `refused: ${JSON.stringify(error.needed)}`;
    throw error;
  }
}

describe("streaming", () => {
  test("any chunking gives the same projection as one chunk", () => {
    const text = fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("é中😀\r\x1b[31mred\x1b[0m", "x".repeat(500))), { maxLength: 200 });
    fc.assert(
      fc.property(text, fc.array(fc.nat(20000), { maxLength: 30 }), fc.integer({ min: 50, max: 3000 }), (lines, cuts, maxBytes) => {
        const bytes = Buffer.from(lines.join("\n"));
        const options = { budget: { maxLines: 40, maxBytes } };
        expect(outcomeOf(() => boundInChunks(bytes, cuts, options).text)).toBe(outcomeOf(() => boundInChunks(bytes, [], options).text));
      }),
      { numRuns: 200 },
    );
  });

  test("a 6 MB log keeps exact line numbers, totals and its last lines", () => {
    const lines = Array.from({ length: 200_000 }, (_, index) => `line ${index + 1} ${"·".repeat(index % 7)}`);
    const bytes = Buffer.from(`${lines.join("\n")}\n`);
    // The collector's line numbers, not near-duplicate folding (its lines differ only in numbers): fold off.
    const result = boundInChunks(bytes, Array.from({ length: 100 }, (_, index) => index * 65_537), { foldSimilar: false });
    expect(result.totalLines).toBe(200_000);
    expect(result.totalBytes).toBe(bytes.length);
    expect(result.text.endsWith(`${lines[199_999]}\n`)).toBe(true);
    expect(result.text.startsWith("line 1 \nline 2 ·\n")).toBe(true);
    const [head, tail] = result.shown;
    expect(head?.from_line).toBe(1);
    expect(tail?.to_line).toBe(200_000);
    expect(result.marker).toContain(`lines ${head!.to_line + 1}-${tail!.from_line - 1} of 200000 lines`);
    const omittedText = lines.slice(head!.to_line, tail!.from_line - 1).join("\n");
    expect(result.omittedBytes).toBe(Buffer.byteLength(omittedText) + 1);
  });

  test("a 3 MB line without a newline shows its start and its end, cut on code points", () => {
    const bytes = Buffer.from(`BEGIN${"中".repeat(1_000_000)}FINISH`);
    const result = boundInChunks(bytes, [1, 2, 3, 777_777, 1_048_577, 2_000_001]);
    expect(result.text.startsWith("BEGIN中中")).toBe(true);
    expect(result.text.endsWith("中FINISH")).toBe(true);
    expect(result.text).not.toContain("\uFFFD");
    expect(result.marker).toContain("inside line 1 of 1 line");
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(51200);
  });

  test("invalid UTF-8 becomes U+FFFD in the projection", () => {
    const bytes = Buffer.concat([Buffer.from("a latin-1 name: Jos"), Buffer.from([0xe9, 0x0a]), Buffer.from("cut: "), Buffer.from([0xe4, 0xb8])]);
    const result = boundInChunks(bytes, [20, 26]);
    expect(result.text).toBe("a latin-1 name: Jos\uFFFD\ncut: \uFFFD");
  });

  test("runs of identical lines fold into one line and a count", () => {
    const bytes = Buffer.from(`start\n${"same line\n".repeat(5000)}end\n`);
    const result = boundInChunks(bytes, [7, 100, 4096]);
    expect(result.text).toBe("start\nsame line\n[previous line repeated 4999 more times]\nend\n");
    expect(result.truncated).toBe(false);
  });
});
