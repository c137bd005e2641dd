// The budget holds for JSON output too: the serialized payload or provider wire JSON (escapes count,
// attachment payloads do not) never exceeds --max-bytes, whatever the text and the provider.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { PROVIDERS, type Provider, type ToolResult } from "../../src/payload.js";
import { projectResult } from "../../src/project/project.js";
import { normalizeValue } from "../../src/normalize/index.js";
import { BudgetTooSmallError } from "../../src/errors.js";

const piece = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom("\"quoted\"", "back\\slash", "tab\there", "\u0001\u0002", "é中😀", "\n", "</script>", "x".repeat(400)),
);
const text = fc.array(piece, { maxLength: 300 }).map((pieces) => pieces.join(""));
const result = fc.record({ ok: fc.boolean(), text, tool: fc.constantFrom(undefined, "bash", "webfetch", "grep") }).map(({ ok, text, tool }): ToolResult => ({
  ok,
  ...(tool ? { tool } : {}),
  ...(ok ? { data: text } : { error: text, error_type: "exit_code" }),
  meta: { source_shape: "json", exit_code: ok ? 0 : 1 },
  attachments: [{ mime: "image/png", data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", size: 70 }],
}));
const attachmentBytes = (output: string): number => (output.match(/iVBORw0KGgo[A-Za-z0-9+/=]+/g) ?? []).reduce((sum, data) => sum + data.length, 0);

describe("the budget of JSON output", () => {
  const targets: [string, Provider | undefined][] = [["json payload", undefined], ...PROVIDERS.map((provider): [string, Provider] => [provider, provider])];
  test.each(targets)("%s", (_name, to) => {
    fc.assert(
      fc.property(result, fc.integer({ min: 600, max: 6000 }), fc.integer({ min: 3, max: 200 }), (value, maxBytes, maxLines) => {
        const projection = projectResult(value, { format: "json", ...(to ? { to } : {}), budget: { maxBytes, maxLines }, lower: { callId: "call_1", name: "tool" } });
        const written = projection.text.replace(/\n$/, "");
        expect(() => JSON.parse(written)).not.toThrow();
        expect(Buffer.byteLength(written) - attachmentBytes(written)).toBeLessThanOrEqual(maxBytes);
      }),
      { numRuns: 120 },
    );
  });
});

// The envelope's counts are reserved at their true width once the input's totals are known (countLimit), not at 16
// digits: the written output comes closer to the budget, and never goes over it, down to the smallest budgets.
describe("the envelope's reservation", () => {
  const mcpResult = fc.record({ first: text, resource: text, last: text }).map(({ first, resource, last }) => normalizeValue({
    content: [
      { type: "text", text: first, annotations: { audience: ["assistant"] } },
      { type: "resource", resource: { uri: "file:///tmp/r.txt", mimeType: "text/plain", text: resource }, _meta: { k: 1 } },
      { type: "text", text: last },
    ],
  }, "mcp"));

  test("property: the JSON payload and the MCP wire JSON stay within every budget, the smallest included", () => {
    fc.assert(
      fc.property(fc.oneof(result, mcpResult), fc.integer({ min: 60, max: 3000 }), fc.integer({ min: 1, max: 60 }), fc.constantFrom(undefined, "mcp" as const), (value, maxBytes, maxLines, to) => {
        let projection;
        try {
          projection = projectResult(value, { format: "json", ...(to ? { to } : {}), budget: { maxBytes, maxLines }, lower: { callId: "call_1", name: "tool" } });
        } catch (error) {
          if (error instanceof BudgetTooSmallError) return; // refused, nothing written: never over
          throw error;
        }
        const written = projection.text.replace(/\n$/, "");
        expect(() => JSON.parse(written)).not.toThrow();
        expect(Buffer.byteLength(written) - attachmentBytes(written)).toBeLessThanOrEqual(maxBytes);
        expect(projection.bound.text.split("\n").length - (projection.bound.text.endsWith("\n") ? 1 : 0)).toBeLessThanOrEqual(maxLines);
      }),
      { numRuns: 300 },
    );
  });

  test("a 1,200-byte budget is filled but for the envelope's structural worst case (no spill: 403 bytes short before, 306 now)", () => {
    const lines = Array.from({ length: 3000 }, (_, index) => `${index + 1} some log line text`).join("\n");
    const projection = projectResult({ ok: true, data: lines, meta: { source_shape: "text" } }, { format: "json", salience: false, budget: { maxBytes: 1200, maxLines: 2000 } });
    const written = Buffer.byteLength(projection.text.replace(/\n$/, ""));
    expect(written).toBeLessThanOrEqual(1200);
    expect(1200 - written).toBeLessThan(330);
  });
});
