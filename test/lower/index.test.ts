import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { lowerForCli, parseLowerOptions } from "../../src/cli/lower-command.js";
import { UnrepresentableError, UsageError } from "../../src/errors.js";
import { lower } from "../../src/lower/index.js";
import { normalizeValue } from "../../src/normalize/index.js";
import { PROVIDERS } from "../../src/payload.js";
import { TEXT } from "./results.js";

describe("lower: one entry point for every provider", () => {
  test.each(PROVIDERS)("%s gives a payload and no warnings for a plain text result with its ids", (provider) => {
    const lowered = lower(TEXT, provider, { callId: "call_1", name: "bash", envelope: "part" });
    expect(lowered.warnings).toEqual([]);
    expect(JSON.stringify(lowered.payload)).toContain("Command exited with code 0.");
  });

  test("a value JSON cannot write cannot be lowered at all (exit 65)", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => lower({ ok: true, data: cyclic }, "openai-chat", { callId: "c", envelope: "part" })).toThrow(UnrepresentableError);
    expect(() => lower({ ok: true, data: { n: 10n } }, "anthropic", { callId: "c", envelope: "part" })).toThrow(
      "cannot write the result as JSON text: Do not know how to serialize a BigInt",
    );
  });
});

describe("parts kept verbatim from one provider", () => {
  const blocks = JSON.parse(readFileSync(new URL("../fixtures/shapes/anthropic-blocks.json", import.meta.url), "utf8")) as unknown;
  const result = normalizeValue(blocks, "anthropic");

  test("go back to that provider as they were", () => {
    expect(lower(result, "anthropic", { envelope: "part" })).toEqual({ payload: blocks, warnings: [] });
  });
  test.each(PROVIDERS.filter((provider) => provider !== "anthropic"))("are said in the text and warned about for %s", (provider) => {
    const lowered = lower(result, provider, { envelope: "part", callId: "c1", name: "render" });
    expect(lowered.warnings).toContain(`${provider}: anthropic search_result part not sent (no equivalent); said in the text instead`);
    expect(JSON.stringify(lowered.payload)).toContain(`[anthropic search_result part not sent: ${provider} has no equivalent]`);
  });
  test("the MCP payload, whole", () => {
    const attachments = result.attachments ?? [];
    expect(lower(result, "mcp", { envelope: "part" })).toEqual({
      payload: {
        content: [
          { type: "text", text: "Rendered the chart and attached the source PDF.\n\n[anthropic search_result part not sent: mcp has no equivalent]" },
          { type: "image", data: attachments[0]?.data, mimeType: "image/jpeg" },
          { type: "resource", resource: { uri: "attachment:Quarterly%20report", mimeType: "application/pdf", blob: attachments[1]?.data } },
        ],
      },
      warnings: ["mcp: anthropic search_result part not sent (no equivalent); said in the text instead"],
    });
  });
});

describe("lowerForCli: the lowering flags", () => {
  test("commander's raw values become LowerOptions; --envelope defaults to part", () => {
    expect(parseLowerOptions({ callId: "toolu_1", name: "read", model: "gemini-2.5-pro", geminiInline: "parts" })).toEqual({
      envelope: "part", callId: "toolu_1", name: "read", model: "gemini-2.5-pro", geminiInline: "parts",
    });
    expect(parseLowerOptions({})).toEqual({ envelope: "part" });
  });

  test.each([
    [{ envelope: "block" }, "invalid value for --envelope: 'block' (accepts: part, message)"],
    [{ geminiInline: "inline" }, "invalid value for --gemini-inline: 'inline' (accepts: parts, sibling)"],
    [{ callId: "" }, "invalid value for --call-id: '' (accepts a non-empty call id, e.g. toolu_01A09q90qw90lq917835lq9)"],
    [{ name: "  " }, "invalid value for --name: '  ' (accepts a non-empty tool name, e.g. get_weather)"],
  ])("%o is a usage error naming the flag, the value and what it accepts", (raw, message) => {
    expect(() => parseLowerOptions(raw)).toThrow(UsageError);
    expect(() => parseLowerOptions(raw)).toThrow(message);
  });

  test("lowers with the parsed options", () => {
    expect(lowerForCli({ ok: true, data: "hi" }, "anthropic", { callId: "toolu_1", envelope: "message" })).toEqual({
      payload: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "hi" }] },
      warnings: [],
    });
  });
});
