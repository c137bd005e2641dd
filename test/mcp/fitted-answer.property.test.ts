// fittedAnswer (mcp/tool-answer.ts) gives back an answer whose structuredContent fits the bytes and the tokens
// whenever a smaller page can: the text is repeated, escaped, inside the structured facts, so the tokens of a page
// fall more slowly than its bytes, and a fixed number of scaled guesses left `read_output` 801 tokens of 800 (CI, stop 41).
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { estimateTokens } from "../../src/bound/budget.js";
import { structuredJson, fittedAnswer, type ToolAnswer } from "../../src/mcp/tool-answer.js";

/** A page of the first `maxBytes` bytes of `source`, cut at a line end, with facts as read_output gives. */
function pager(source: string, id: string) {
  return (maxBytes: number): ToolAnswer => {
    let text = source.slice(0, maxBytes);
    const end = text.lastIndexOf("\n");
    if (end > 0 && text.length < source.length) text = text.slice(0, end + 1);
    return { text, structured: { id, path: `/tmp/${id}/output.log`, next_offset: text.split("\n").length, total_lines: 20000 } };
  };
}

const lines = Array.from({ length: 20000 }, (_, index) => `${index + 1} {"k":[1,2,3]},x`).join("\n");

describe("fittedAnswer", () => {
  test("the structured answer fits the tokens whatever the budget, the ids and the counter", () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 4000 }), fc.string({ minLength: 8, maxLength: 40 }), fc.constantFrom("estimate", "per3"), (maxTokens, id, counter) => {
        const countTokens = counter === "estimate" ? estimateTokens : (text: string) => Math.ceil(text.length / 3);
        const answer = fittedAnswer({ maxBytes: 51200, maxTokens, countTokens }, pager(lines, id));
        const json = structuredJson(answer.structured!, answer.text);
        expect(countTokens(json)).toBeLessThanOrEqual(maxTokens);
        expect(Buffer.byteLength(json)).toBeLessThanOrEqual(51200);
      }),
      { numRuns: 400, seed: 4242 },
    );
  });

  test("a page that fits is not cut further than the budget asks (within 1/16 of it)", () => {
    for (const maxTokens of [500, 800, 2000, 9000]) {
      const answer = fittedAnswer({ maxBytes: 51200, maxTokens }, pager(lines, "tool_abc"));
      const tokens = estimateTokens(structuredJson(answer.structured!, answer.text));
      expect(tokens).toBeLessThanOrEqual(maxTokens);
      expect(tokens, `${maxTokens}`).toBeGreaterThan(maxTokens * (15 / 16) - 40);
    }
  });

  test("bytes alone: the object, the text escaped in it, fits maxBytes", () => {
    for (const maxBytes of [200, 1000, 10000, 40000]) {
      const answer = fittedAnswer({ maxBytes }, pager(lines, "tool_abc"));
      expect(Buffer.byteLength(structuredJson(answer.structured!, answer.text))).toBeLessThanOrEqual(maxBytes);
    }
  });
});
