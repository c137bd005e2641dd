// The names the proxy's own tools take beside a server's tools, and large structuredContent cut in shape.
import { describe, expect, test, vi } from "vitest";
import { chooseToolNames, withCorrexTools } from "../../src/mcp/proxy-tools.js";
import { boundStructured } from "../../src/mcp/structured-bound.js";
import { boundCallToolResult } from "../../src/mcp/result-bound.js";
import { resolveBoundOptions } from "../../src/bound/defaults.js";
import { SpillStore } from "../../src/spill/store.js";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const defaults = { read: "read_output", grep: "grep_output" };
const tools = (...names: string[]) => names.map((name) => ({ name, inputSchema: { type: "object" } }));

describe("chooseToolNames", () => {
  test.each([
    [[], defaults],
    [["read_output"], { read: "correx_read_output", grep: "grep_output" }],
    [["read_output", "correx_read_output", "grep_output"], { read: "correx_read_output_2", grep: "correx_grep_output" }],
    [["read_output", "correx_read_output", "correx_read_output_2"], { read: "correx_read_output_3", grep: "grep_output" }],
  ])("server tools %j → %j", (names, expected) => {
    expect(chooseToolNames(tools(...names), defaults)).toEqual(expected);
  });

  test("a name chosen before is kept while it stays free", () => {
    const earlier = chooseToolNames(tools("read_output"), defaults);
    expect(chooseToolNames(tools("something_else"), earlier)).toEqual({ read: "correx_read_output", grep: "grep_output" });
  });

  test("the added tools carry their chosen names, also inside the descriptions", () => {
    const names = { read: "correx_read_output", grep: "correx_grep_output" };
    const listed = withCorrexTools({ tools: tools("read_output", "grep_output") }, names).tools as { name: string; description: string }[];
    expect(listed.map((tool) => tool.name)).toEqual(["read_output", "grep_output", "correx_read_output", "correx_grep_output"]);
    expect(listed[3]!.description).toContain("correx_read_output");
    expect(listed[3]!.description).not.toMatch(/(?<!correx_)read_output/);
  });
});

describe("boundStructured", () => {
  const none = new Set<string>();
  const options = { maxBytes: 2000, where: "full result: read_output id=tool_x", media: none, dropped: none };

  test("a value that fits is returned as it is", () => {
    const value = { rows: [1, 2, 3], name: "small" };
    expect(boundStructured(value, options)).toEqual({ value, cut: false, paths: [] });
  });

  test("a large value keeps its keys and types: strings cut with a note, arrays keep both ends, within the budget", () => {
    const value = { content: "x".repeat(100_000), rows: Array.from({ length: 1000 }, (_, index) => ({ index, label: `row ${index}` })), count: 1000, ok: true };
    const { value: cut, cut: wasCut } = boundStructured(value, options) as { value: typeof value; cut: boolean };
    expect(wasCut).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(cut))).toBeLessThanOrEqual(2000);
    expect(Object.keys(cut)).toEqual(["content", "rows", "count", "ok"]);
    expect(cut.content).toMatch(/^x+… \[correx: \d+ characters cut here; full result: read_output id=tool_x\] …x+$/);
    expect(cut.rows[0]).toEqual({ index: 0, label: "row 0" });
    expect(cut.rows.at(-1)).toEqual({ index: 999, label: "row 999" });
    expect(cut.count).toBe(1000);
    expect(cut.ok).toBe(true);
  });

  test("a value far over the budget is never written out whole to be measured (the longest JSON.stringify is counted)", () => {
    const value = { rows: Array.from({ length: 50_000 }, (_, id) => ({ id, name: `module-${id % 97}`, ok: id % 11 !== 0 })) };
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      const { value: cut, cut: wasCut } = boundStructured(value, options) as { value: typeof value; cut: boolean };
      expect(wasCut).toBe(true);
      expect(cut.rows.at(-1)).toEqual(value.rows.at(-1));
      const longest = Math.max(...stringify.mock.results.map((result) => (typeof result.value === "string" ? result.value.length : 0)));
      expect(longest).toBeLessThan(20 * options.maxBytes); // the whole value is about 2 MB
    } finally {
      stringify.mockRestore();
    }
  });

  test("a value just over or under the budget is measured exactly (the lower bound never decides alone)", () => {
    for (let length = 1990; length <= 2010; length += 1) {
      const value = { s: "é".repeat(length - 8) }; // {"s":"…"}: 8 bytes around, each é two bytes
      const bytes = Buffer.byteLength(JSON.stringify(value));
      expect(boundStructured(value, options).cut).toBe(bytes > options.maxBytes);
    }
    const exact = { a: "x".repeat(1977), b: 1, c: null };
    expect(Buffer.byteLength(JSON.stringify(exact))).toBe(2000);
    expect(boundStructured(exact, options)).toEqual({ value: exact, cut: false, paths: [] });
  });

  test("media data repeated from the content is neither counted nor cut; capped media is emptied", () => {
    const image = "iVBORw0KGgo".repeat(10_000);
    const value = { content: [{ type: "image", data: image, mimeType: "image/png" }] };
    expect(boundStructured(value, { ...options, media: new Set([image]) })).toEqual({ value, cut: false, paths: [] });
    expect(boundStructured(value, { ...options, dropped: new Set([image]) }).value).toEqual({ content: [{ type: "image", data: "", mimeType: "image/png" }] });
  });
});

describe("boundStructured: long strings keep their end, use their share, repeat the bounded text", () => {
  const none = new Set<string>();
  const options = { maxBytes: 2000, where: "full result: read_output id=tool_x", media: none, dropped: none };
  const log = Array.from({ length: 5000 }, (_, index) => `row ${index + 1}`).join("\n") + "\nERROR: the end";

  test("a long string keeps its head and its tail, the note in the middle, and fills most of its budget", () => {
    const { value: cut, paths } = boundStructured({ log }, options) as { value: { log: string }; paths: string[] };
    expect(cut.log).toMatch(/^row 1\nrow 2\n[^]*\n… \[correx: \d+ characters cut here; full result: read_output id=tool_x\] …row \d+\n[^]*\nERROR: the end$/);
    expect(Buffer.byteLength(JSON.stringify(cut))).toBeLessThanOrEqual(2000);
    expect(Buffer.byteLength(JSON.stringify(cut))).toBeGreaterThan(1500);
    expect(paths).toEqual(["$.log"]);
  });

  test("a string that repeats a content block takes that block's bounded text", () => {
    const { value: cut } = boundStructured({ content: log }, { ...options, repeated: (value) => (value === log ? "row 1\n[… cut …]\nERROR: the end" : undefined) });
    expect(cut).toEqual({ content: "row 1\n[… cut …]\nERROR: the end" });
  });
});

describe("boundCallToolResult: a cut structuredContent is said where the model reads", () => {
  const bound = resolveBoundOptions({ budget: { maxBytes: 2000, maxLines: 2000 } });
  const spillOptions = () => ({ bound, readToolName: "read_output", spill: { store: new SpillStore(join(mkdtempSync(join(tmpdir(), "correx-note-")), "spill")) } });

  test("an array cut: a note in the content and in _meta, the saved id, within the budget", () => {
    const result = { content: [{ type: "text", text: "short" }], structuredContent: { items: Array.from({ length: 5000 }, (_, index) => index + 1) } };
    const raw = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result }));
    const { result: cut, outputId } = boundCallToolResult(result, raw, spillOptions());
    const content = cut!.content as { type: string; text: string }[];
    expect(outputId).toMatch(/^tool_/);
    expect(content[0]).toEqual({ type: "text", text: "short" });
    expect(content.at(-1)!.text).toBe(`[correx: structuredContent was cut at $.items; full result: read_output id=${outputId}]`);
    expect(cut!._meta).toEqual({ "correx/structuredContentCut": { paths: ["$.items"], id: outputId } });
    expect(Buffer.byteLength(JSON.stringify(cut!.content))).toBeLessThanOrEqual(2000);
    expect(Buffer.byteLength(JSON.stringify(cut!.structuredContent))).toBeLessThanOrEqual(2000);
  });

  test("the text repeated in structuredContent becomes the bounded text, marker and end included", () => {
    const text = Array.from({ length: 3000 }, (_, index) => `row ${index + 1} of log`).join("\n") + "\nERROR: boom\n";
    const result = { content: [{ type: "text", text }], structuredContent: { content: text } };
    const raw = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result }));
    const { result: cut } = boundCallToolResult(result, raw, spillOptions());
    const bounded = (cut!.content as { text: string }[])[0]!.text;
    expect(bounded).toContain("ERROR: boom");
    expect(cut!.structuredContent).toEqual({ content: bounded });
    expect(Buffer.byteLength(JSON.stringify(cut!.content))).toBeLessThanOrEqual(2000);
  });
});
