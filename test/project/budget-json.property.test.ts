// The budget holds for JSON output too: the serialized payload or provider wire JSON (escapes count,
// attachment payloads do not) never exceeds --max-bytes, whatever the text and the provider.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { PROVIDERS, type Provider, type ToolResult } from "../../src/payload.js";
import { projectResult } from "../../src/project/project.js";

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
