// The library's lower() and project() (src/index.ts): what JSON cannot write throws UnrepresentableError on every
// target; attachments built in code are checked as the CLI checks them.
import { describe, expect, test } from "vitest";
import { InputError, lower, project, UnrepresentableError } from "../../src/index.js";
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

describe("library project(): an unwritable value", () => {
  test.each([[{}], [{ format: "json" }], [{ to: "anthropic" }], [{ reader: "terminal" }]] as const)("%j: UnrepresentableError for a BigInt and a cycle", (options) => {
    for (const data of [{ x: 10n }, cycle]) expect(() => project({ ok: true, data } as ToolResult, options as never)).toThrow(UnrepresentableError);
  });
});

describe("library lower() and project(): attachments are checked", () => {
  const pdfAsPng: ToolResult = { ok: true, data: "x", attachments: [{ mime: "image/png", data: Buffer.from("%PDF-1.4 hello").toString("base64"), size: 14 }] };
  test("a MIME type the bytes contradict is sniffed again, with a note", () => {
    const lowered = lower(pdfAsPng, "anthropic", { callId: "x", envelope: "part" }).payload as { content: { type: string }[] };
    expect(lowered.content.map((block) => block.type)).toEqual(["text", "document"]);
    const projected = JSON.parse(project(pdfAsPng, { format: "json" }).text) as ToolResult;
    expect(projected.attachments?.[0]?.mime).toBe("application/pdf");
    expect(projected.meta?.notes).toEqual(["attachment (image/png): its bytes are PDF document; MIME set to application/pdf"]);
  });
  test("data that is not base64 is an InputError naming its path", () => {
    const bad: ToolResult = { ok: true, data: "x", attachments: [{ mime: "image/jpeg", data: "!!notb64", size: 5 }] };
    expect(() => lower(bad, "anthropic", { callId: "x", envelope: "part" })).toThrow(InputError);
    expect(() => project(bad, { to: "anthropic", lower: { callId: "x" } })).toThrow(/\$\.attachments\[0\]\.data/);
  });
});

describe("library lower(): options", () => {
  const failed: ToolResult = { ok: false, error: "boom" };
  test.each(PROVIDERS)("%s: without options, or without envelope, is the bare part, as with envelope 'part'", (to) => {
    const part = lower(failed, to, { envelope: "part" });
    expect(lower(failed, to)).toEqual(part);
    expect(lower(failed, to, {})).toEqual(part);
    expect(lower(failed, to, { envelope: undefined } as never)).toEqual(part);
  });
  test("a target or an envelope outside the types (a JavaScript caller) is a UsageError naming what is accepted", () => {
    expect(() => lower(failed, "claude" as never)).toThrow(/unknown target "claude" \(accepts openai-chat, openai-responses/);
    expect(() => lower(failed, "ai-sdk", { envelope: "block" as never })).toThrow(/unknown envelope "block" \(accepts part, message\)/);
    try {
      lower(failed, "claude" as never);
    } catch (error) {
      expect((error as { code?: string }).code).toBe("usage");
    }
  });
});

describe("library project(): lower options", () => {
  test.each(["ai-sdk", "opencode", "kontext"] as const)("%s: envelope undefined (an optional field passed on) is the part, as an absent one", (to) => {
    const result: ToolResult = { ok: true, data: "hi" };
    const part = project(result, { to, lower: { callId: "c", name: "n" } }).text;
    expect(project(result, { to, lower: { callId: "c", name: "n", envelope: undefined } }).text).toBe(part);
    expect(project(result, { to, lower: { callId: "c", name: "n", envelope: "message" } }).text).not.toBe(part);
  });
});
