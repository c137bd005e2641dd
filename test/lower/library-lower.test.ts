// The library's lower(): what JSON cannot write throws UnrepresentableError on every target (src/index.ts).
import { describe, expect, test } from "vitest";
import { lower, UnrepresentableError } from "../../src/index.js";
import { PROVIDERS, type ToolResult } from "../../src/payload.js";

const cycle: Record<string, unknown> = { a: 1 };
cycle.self = cycle;

describe("library lower(): an unwritable value", () => {
  test.each(PROVIDERS.flatMap((to) => [[to, "a BigInt", { x: 10n }], [to, "a cycle", cycle]] as const))("%s, %s: UnrepresentableError", (to, _label, data) => {
    const result: ToolResult = { ok: true, data };
    expect(() => lower(result, to, { callId: "c", name: "n", envelope: "part" })).toThrow(UnrepresentableError);
  });
  test("a writable value is lowered as before", () => {
    expect(lower({ ok: true, data: { x: 10 } }, "gemini", { name: "n", envelope: "part" }).payload).toEqual({ functionResponse: { name: "n", response: { output: { x: 10 } } } });
  });
});
