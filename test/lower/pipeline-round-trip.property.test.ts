// The CLI's round trip, for every target and envelope: `lower --to X | normalize | lower --to X` gives the first
// lowering again (issue 14). Each step is what the command does: normalize the input (`--from auto`), project
// it (format by tool, bound), write the unified payload or the wire JSON.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { normalizeValue } from "../../src/normalize/index.js";
import { PROVIDERS, type Provider, type ToolResult } from "../../src/payload.js";
import { projectResult } from "../../src/project/project.js";
import { PDF, PNG, WAV } from "./results.js";
import type { Attachment } from "../../src/payload.js";

// A file an MCP server links to (a resource_link): eve and Kontext carry no URLs and say so in the text.
const LINK: Attachment = { mime: "text/x-rust", uri: "file:///project/src/main.rs", name: "main.rs", size: 0 };

const result: fc.Arbitrary<ToolResult> = fc.record({
  ok: fc.boolean(),
  text: fc.oneof(fc.string({ unit: "grapheme", maxLength: 40 }), fc.constantFrom("", "x\n", "a\nb\n", "Error: boom", "1: x")),
  json: fc.option(fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.jsonValue({ maxDepth: 2 })).map((value) => JSON.parse(JSON.stringify(value)) as unknown), { nil: undefined }),
  tool: fc.constantFrom("read", "bash", "edit", "grep", "glob", "question", "lookup", undefined),
  attachments: fc.subarray([PNG, PDF, WAV, LINK]),
}).map(({ ok, text, json, tool, attachments }) => {
  const body = json ?? text;
  const base: ToolResult = ok ? { ok, data: body } : { ok, error: body };
  return { ...base, ...(tool ? { tool } : {}), ...(attachments.length > 0 ? { attachments } : {}) };
});

const lowerCli = (input: ToolResult, to: Provider, envelope: "part" | "message"): string =>
  projectResult(input, { to, lower: { envelope, callId: "call_1" } }).text;
const normalizeCli = (written: string): string => projectResult(normalizeValue(JSON.parse(written), "auto"), { format: "json" }).text;

describe("lower --to X | normalize | lower --to X equals the first lowering", () => {
  const cases = PROVIDERS.flatMap((to) => (["part", "message"] as const).map((envelope) => [to, envelope] as const));
  test.each(cases)("%s, --envelope %s", (to, envelope) => {
    fc.assert(
      fc.property(result, (value) => {
        const first = lowerCli(value, to, envelope);
        const again = lowerCli(normalizeValue(JSON.parse(normalizeCli(first)), "auto"), to, envelope);
        expect(again).toEqual(first);
      }),
      { numRuns: 100 },
    );
  });
});
