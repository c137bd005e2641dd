// A bounded CallToolResult keeps its blocks (lower/mcp-cut.ts): each text block and embedded resource still shown
// keeps its place, its annotations and _meta, a resource its uri and mimeType; images stay where they were; the
// salient error and the last block's end are still seen; the answer stays within the budget and valid for the SDK.
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { resolveBoundOptions } from "../../src/bound/defaults.js";
import { boundCallToolResult } from "../../src/mcp/result-bound.js";
import { StreamedResponse, type StreamedFrameRoute } from "../../src/mcp/streamed-result.js";
import { SpillStore } from "../../src/spill/store.js";

type Block = Record<string, unknown> & { type: string; text?: string };

const lines = (count: number, label: string) => Array.from({ length: count }, (_, index) => `${label} ${index + 1}: processed a batch of records`).join("\n");
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

function options(maxBytes: number, extra: { maxMediaBytes?: number; maxLines?: number } = {}) {
  const spill = { store: new SpillStore(join(mkdtempSync(join(tmpdir(), "correx-blocks-")), "spill")) };
  const { maxLines = 2000, ...rest } = extra;
  return { bound: resolveBoundOptions({ budget: { maxBytes, maxLines } }), readToolName: "read_output", spill, ...rest };
}

function bound(result: Record<string, unknown>, maxBytes: number, extra: { maxMediaBytes?: number } = {}) {
  const raw = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result }));
  const outcome = boundCallToolResult(result, raw, options(maxBytes, extra));
  expect(outcome.result).toBeDefined();
  const cut = outcome.result!;
  // Valid for the official SDK, and within the budget (media data, passed as it was, not counted).
  expect(CallToolResultSchema.parse(cut)).toEqual(cut);
  const withoutData = (cut.content as Block[]).map((block) => (typeof block.data === "string" ? { ...block, data: "" } : block));
  expect(Buffer.byteLength(JSON.stringify({ ...cut, content: withoutData }))).toBeLessThanOrEqual(maxBytes);
  return cut.content as Block[];
}

const textOf = (block: Block | undefined): string => String(block?.text ?? (block?.resource as { text?: string } | undefined)?.text ?? "");

describe("boundCallToolResult keeps the blocks of a result it cuts", () => {
  test("annotated text blocks keep their annotations, in order; the error at the end is still seen", () => {
    const content = [
      { type: "text", text: "Build summary for the user", annotations: { audience: ["user"], priority: 0.2 } },
      { type: "text", text: `${lines(400, "step")}\nerror TS2322: Type 'string' is not assignable at src/a.ts:12`, annotations: { audience: ["assistant"], priority: 1 } },
    ];
    const cut = bound({ content }, 4000);
    expect(cut.map((block) => block.annotations)).toEqual([content[0]!.annotations, content[1]!.annotations]);
    expect(cut[0]!.text).toBe("Build summary for the user");
    expect(cut[1]!.text).toMatch(/^step 1: /);
    expect(cut[1]!.text).toContain("error TS2322");
    expect(cut[1]!.text).toMatch(/\[\.\.\. omitted \d+ lines/);
  });

  test("each block keeps its own _meta", () => {
    const content = [
      { type: "text", text: lines(300, "first"), _meta: { "example.com/part": 1 } },
      { type: "text", text: lines(300, "second"), _meta: { "example.com/part": 2 } },
    ];
    const cut = bound({ content, _meta: { "example.com/result": true } }, 3000);
    expect(cut.map((block) => block._meta)).toEqual([{ "example.com/part": 1 }, { "example.com/part": 2 }]);
    expect(cut[0]!.text).toMatch(/^first 1: /);
    expect(cut[1]!.text).toMatch(/second 300: processed a batch of records$/);
  });

  test("an embedded text resource keeps its uri and mimeType, its text bounded", () => {
    const content = [
      { type: "text", text: "Here is the log:" },
      { type: "resource", resource: { uri: "file:///var/log/build.log", mimeType: "text/plain", text: `${lines(500, "log")}\nFATAL: out of memory` }, annotations: { priority: 0.5 } },
    ];
    const cut = bound({ content }, 3000);
    expect(cut[0]).toEqual({ type: "text", text: "Here is the log:" });
    expect(cut[1]!.type).toBe("resource");
    expect(cut[1]!.annotations).toEqual({ priority: 0.5 });
    const resource = cut[1]!.resource as { uri: string; mimeType: string; text: string };
    expect(resource.uri).toBe("file:///var/log/build.log");
    expect(resource.mimeType).toBe("text/plain");
    expect(resource.text).toContain("FATAL: out of memory");
    expect(resource.text.length).toBeLessThan(3000);
  });

  test("an image between text blocks stays in its place with its annotations", () => {
    const content = [
      { type: "text", text: lines(200, "before"), annotations: { audience: ["assistant"] } },
      { type: "image", data: PNG, mimeType: "image/png", annotations: { priority: 0.9 } },
      { type: "text", text: lines(200, "after"), _meta: { k: "v" } },
    ];
    const cut = bound({ content }, 3000);
    expect(cut.map((block) => block.type)).toEqual(["text", "image", "text"]);
    expect(cut[0]!.annotations).toEqual({ audience: ["assistant"] });
    expect(cut[1]).toEqual(content[1]);
    expect(cut[2]!._meta).toEqual({ k: "v" });
    expect(cut[2]!.text).toMatch(/after 200: processed a batch of records$/);
  });

  test("an image left out by --max-media: its note keeps the block's annotations and _meta", () => {
    const content = [
      { type: "text", text: "A chart" },
      { type: "image", data: "A".repeat(4000), mimeType: "image/png", annotations: { audience: ["user"] }, _meta: { id: 7 } },
    ];
    const cut = bound({ content }, 3000, { maxMediaBytes: 100 });
    expect(cut[1]).toMatchObject({ type: "text", annotations: { audience: ["user"] }, _meta: { id: 7 } });
    expect(cut[1]!.text).toMatch(/left out by --max-media/);
  });

  test("several blocks over the budget: the order kept, the middle block's error and the last block's end seen", () => {
    const content = [1, 2, 3, 4, 5].map((index) => ({
      type: "text",
      text: index === 3 ? `${lines(150, `b${index}`)}\nError: connection refused (ECONNREFUSED) at db.connect\n${lines(150, `b${index}x`)}` : lines(300, `b${index}`),
      annotations: { priority: index / 10 },
    }));
    const cut = bound({ content }, 5000);
    const priorities = cut.map((block) => (block.annotations as { priority: number } | undefined)?.priority);
    expect(priorities).toEqual([...priorities].sort());
    expect(priorities[0]).toBe(0.1);
    expect(priorities.at(-1)).toBe(0.5);
    const all = cut.map(textOf).join("\n");
    expect(all).toContain("Error: connection refused");
    expect(cut.find((block) => textOf(block).includes("Error: connection refused"))!.annotations).toEqual({ priority: 0.3 });
    expect(textOf(cut.at(-1))).toMatch(/b5 300: processed a batch of records$/);
    expect(all.match(/\[\.\.\. omitted /g)).toHaveLength(1);
  });

  test("the marker does not go into a block that is not for the model: it is a block of its own", () => {
    const content = [
      { type: "text", text: lines(400, "user-only"), annotations: { audience: ["user"] } },
      { type: "text", text: "done" },
    ];
    const cut = bound({ content }, 3000);
    const marker = cut.find((block) => textOf(block).includes("[... omitted"))!;
    expect(marker.annotations).toBeUndefined();
    expect(cut[0]!.annotations).toEqual({ audience: ["user"] });
    expect(cut[0]!.text).not.toContain("[... omitted");
    expect(cut.at(-1)).toEqual({ type: "text", text: "done" });
  });

  test("property: any mix of annotated text, resources and images stays valid, within the budget, in source order", () => {
    const block = fc.oneof(
      fc.record({ type: fc.constant("text"), count: fc.integer({ min: 0, max: 120 }), annotations: fc.option(fc.record({ audience: fc.constantFrom(["user"], ["assistant"], ["user", "assistant"]), priority: fc.double({ min: 0, max: 1, noNaN: true }) }), { nil: undefined }), meta: fc.boolean() }),
      fc.record({ type: fc.constant("resource"), count: fc.integer({ min: 0, max: 120 }), annotations: fc.constant(undefined), meta: fc.boolean() }),
      fc.record({ type: fc.constant("image"), count: fc.constant(0), annotations: fc.constant(undefined), meta: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1000, max: 6000 }), fc.constantFrom(2000, 12, 40), (blocks, maxBytes, maxLines) => {
        const content = blocks.map((spec, index) => {
          const extra = { ...(spec.annotations ? { annotations: spec.annotations } : {}), ...(spec.meta ? { _meta: { "test/index": index } } : {}) };
          const text = spec.count === 0 ? `block ${index}` : lines(spec.count, `block ${index}`);
          if (spec.type === "image") return { type: "image", data: PNG, mimeType: "image/png", ...extra };
          if (spec.type === "resource") return { type: "resource", resource: { uri: `file:///r/${index}.txt`, mimeType: "text/plain", text }, ...extra };
          return { type: "text", text, ...extra };
        });
        const raw = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { content } }));
        const outcome = boundCallToolResult({ content }, raw, options(maxBytes, { maxLines }));
        if (outcome.result === undefined) return; // it fits: passed as written
        const cut = outcome.result.content as Block[];
        expect(CallToolResultSchema.parse(outcome.result)).toEqual(outcome.result);
        const withoutData = cut.map((item) => (typeof item.data === "string" ? { ...item, data: "" } : item));
        expect(Buffer.byteLength(JSON.stringify({ ...outcome.result, content: withoutData }))).toBeLessThanOrEqual(maxBytes);
        // The lines the model reads: the cut text's and one for each note of a resource wholly cut.
        expect(cut.map(textOf).filter((text) => text !== "").join("\n").split("\n").length).toBeLessThanOrEqual(maxLines);
        // Every embedded resource is still there by its uri (wholly cut: its text a note), unless the budget held the
        // marker alone, and not even beside the notes (no line of the source shown).
        const uris = cut.flatMap((item) => (item.type === "resource" ? [(item.resource as { uri: string }).uri] : []));
        const sourceShown = cut.some((item) => /^block \d+/m.test(textOf(item)));
        for (const item of content) if (item.type === "resource" && (sourceShown || uris.length > 0)) expect(uris).toContain((item as { resource: { uri: string } }).resource.uri);
        // Every block that carries a source's _meta is that source's, in source order, with its own annotations.
        const indexes = cut.flatMap((item) => (item._meta ? [(item._meta as Record<string, number>)["test/index"]!] : []));
        expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
        for (const item of cut) {
          if (!item._meta) continue;
          const source = content[(item._meta as Record<string, number>)["test/index"]!]!;
          expect(item.type).toBe(source.type);
          expect(item.annotations).toEqual((source as { annotations?: unknown }).annotations);
          if (item.type === "resource") expect((item.resource as { uri: string }).uri).toBe((source as { resource: { uri: string } }).resource.uri);
        }
        expect(cut.every((item) => item.type !== "text" || String(item.text).trim() !== "")).toBe(true);
        // The head shows the first text (or resource) block's start, the tail the last one's end: both are there (at
        // budgets that leave room for more than the marker and the blocks' fields).
        const textish = content.flatMap((item, index) => (item.type === "image" ? [] : [index]));
        for (const index of maxBytes >= 1500 && maxLines === 2000 ? [textish[0], textish.at(-1)] : []) {
          if (index !== undefined && "_meta" in content[index]!) expect(indexes).toContain(index);
        }
      }),
      { numRuns: 120 },
    );
  });
});

describe("a long frame read as it arrives keeps the blocks too", () => {
  test("annotations, _meta and the resource's uri, as the held path keeps them", () => {
    const content = [
      { type: "text", text: "Summary", annotations: { audience: ["user"], priority: 0.2 } },
      { type: "text", text: `${lines(20_000, "row")}\nERROR: checksum mismatch`, annotations: { audience: ["assistant"] }, _meta: { part: "log" } },
      { type: "resource", resource: { uri: "file:///tmp/middle.csv", mimeType: "text/csv", text: lines(50, "middle") }, _meta: { part: "middle" } },
      { type: "resource", resource: { uri: "file:///tmp/report.txt", mimeType: "text/plain", text: `${lines(20_000, "report")}\nlast line of the report` } },
    ];
    const frame = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { content } }));
    expect(frame.length).toBeGreaterThan(1024 * 1024);
    let answered: Record<string, unknown> | undefined;
    const route: StreamedFrameRoute = {
      answer: (_message, boundIt) => {
        answered = boundIt({ read: "read_output", grep: "grep_output" });
        return answered !== undefined;
      },
      whole: () => {
        throw new Error("routed whole");
      },
      lost: (_message, reason) => {
        throw new Error(reason);
      },
      report: () => {},
      awaitsOnlyCalls: () => true,
    };
    const { readToolName: _name, ...streamOptions } = options(8000);
    const streamed = new StreamedResponse(streamOptions, route);
    for (let offset = 0; offset < frame.length; offset += 65536) streamed.write(frame.subarray(offset, offset + 65536));
    streamed.end();
    expect(answered).toBeDefined();
    expect(CallToolResultSchema.parse(answered)).toEqual(answered);
    const cut = answered!.content as Block[];
    expect(cut.map((block) => block.type)).toEqual(["text", "text", "resource", "resource"]);
    expect(cut[0]).toEqual(content[0]);
    expect(cut[1]).toMatchObject({ annotations: { audience: ["assistant"] }, _meta: { part: "log" } });
    expect(cut[1]!.text).toMatch(/^row 1: /);
    // The resource between them, none of its lines shown, keeps its place and uri, its text a note.
    expect(cut[2]).toEqual({ type: "resource", resource: { uri: "file:///tmp/middle.csv", mimeType: "text/csv", text: "[correx: this resource's text was cut (lines 20005-20054 of the full output)]" }, _meta: { part: "middle" } });
    expect(cut[3]!.resource).toMatchObject({ uri: "file:///tmp/report.txt", mimeType: "text/plain" });
    expect(textOf(cut[3])).toMatch(/last line of the report$/);
    expect(Buffer.byteLength(JSON.stringify(answered))).toBeLessThanOrEqual(8000);
  });
});
