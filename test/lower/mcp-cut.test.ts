// `--to mcp` of an MCP result that is cut: the text goes back into the blocks it came from (src/lower/mcp-cut.ts),
// for `correx bound`, `lower` and `normalize` as for the proxy: annotations, _meta, a resource's uri and mimeType kept.
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import { cutSegments, partLinesOf } from "../../src/lower/mcp-cut.js";
import { encodeLineMap } from "../../src/lower/line-map.js";
import { normalizeValue } from "../../src/normalize/index.js";
import { projectResult } from "../../src/project/project.js";
import { assertBuilt } from "../run/cli-process.js";
import { CORREX_BIN, temporaryDirectory } from "../mcp/mcp-client.js";

type Block = Record<string, unknown> & { type: string; text?: string };
const lines = (count: number, label: string) => Array.from({ length: count }, (_, index) => `${label} ${index + 1}`).join("\n");
const always = () => true;

describe("cutSegments", () => {
  // Parts of 2, 1 and 3 lines: input lines 1-2, (3 blank), 4, (5 blank), 6-8.
  const partLines = [2, 1, 3];

  test("each line goes back to its part; the separators' blank lines are dropped; correx's lines go with the part above", () => {
    const text = "a1\na2\n\nb1\n[marker]\nc3\n";
    expect(cutSegments({ text, lineSources: [1, 2, 3, 4, 0, 8], partLines }, always)).toEqual([
      { part: 0, own: false, text: "a1\na2" },
      { part: 1, own: false, text: "b1\n[marker]" },
      { part: 2, own: false, text: "c3\n" },
    ]);
  });

  test("a part none of whose lines is shown is left out; a part not for the model gets no marker", () => {
    const text = "a1\n[marker]\nc3";
    const forModel = (part: number) => part !== 0;
    expect(cutSegments({ text, lineSources: [1, 0, 8], partLines }, forModel)).toEqual([
      { part: 0, own: false, text: "a1" },
      { part: 0, own: true, text: "[marker]" },
      { part: 2, own: false, text: "c3" },
    ]);
  });

  test("the marker alone goes to the first part; without line sources the text is the only part's, or correx's own", () => {
    expect(cutSegments({ text: "[marker]\n[full output]", lineSources: [0, 0], partLines }, always)).toEqual([{ part: 0, own: false, text: "[marker]\n[full output]" }]);
    expect(cutSegments({ text: "{ \"a\": 1 }", partLines: [40] }, always)).toEqual([{ part: 0, own: false, text: "{ \"a\": 1 }" }]);
    expect(cutSegments({ text: "view", partLines }, always)).toEqual([{ part: 0, own: true, text: "view" }]);
  });

  test("line sources that do not fit the text, or go back in order, are refused", () => {
    expect(cutSegments({ text: "a\nb", lineSources: [1], partLines }, always)).toBeUndefined();
    expect(cutSegments({ text: "c1\na1", lineSources: [6, 1], partLines }, always)).toBeUndefined();
  });

  test("a resource none of whose lines is shown keeps its place with a note saying where its lines are; a text part does not", () => {
    // Parts: resource (input lines 1-2), text (4), resource (6-8); only part 1's line and the marker are shown.
    const isResource = (part: number) => part !== 1;
    expect(cutSegments({ text: "b1\n[marker]", lineSources: [4, 0], partLines }, always, isResource)).toEqual([
      { part: 0, own: false, text: "[correx: this resource's text was cut (lines 1-2 of the full output)]", note: true },
      { part: 1, own: false, text: "b1\n[marker]" },
      { part: 2, own: false, text: "[correx: this resource's text was cut (lines 6-8 of the full output)]", note: true },
    ]);
    // A text part wholly cut is left out; the marker alone still lets each resource be named.
    expect(cutSegments({ text: "a1\n[marker]", lineSources: [1, 0], partLines }, always, () => false)).toEqual([{ part: 0, own: false, text: "a1\n[marker]" }]);
    expect(cutSegments({ text: "[marker]", lineSources: [0], partLines: [1, 3] }, always, (part) => part === 1)).toEqual([
      { part: 0, own: false, text: "[marker]" },
      { part: 1, own: false, text: "[correx: this resource's text was cut (lines 3-5 of the full output)]", note: true },
    ]);
    // Without line sources nothing says which lines were shown: no note.
    expect(cutSegments({ text: "view", partLines }, always, isResource)).toEqual([{ part: 0, own: true, text: "view" }]);
  });

  test("a resource shown whole keeps its text even when it is blank; one shown only by blank lines gets the note", () => {
    // Parts: text (1 line), an empty resource (line 3), text (line 5).
    const isResource = (part: number) => part === 1;
    expect(cutSegments({ text: "a\n\n\n\nc", lineSources: [1, 2, 3, 4, 5], partLines: [1, 1, 1] }, always, isResource)).toEqual([
      { part: 0, own: false, text: "a" },
      { part: 1, own: false, text: "" },
      { part: 2, own: false, text: "c" },
    ]);
    // A resource of 3 lines, not for the model, whose only line shown is blank: the note, then the marker on its own.
    expect(cutSegments({ text: "a\n\n[marker]", lineSources: [1, 3, 0], partLines: [1, 3] }, (part) => part !== 1, isResource)).toEqual([
      { part: 0, own: false, text: "a" },
      { part: 1, own: false, text: "[correx: this resource's text was cut (lines 3-5 of the full output)]", note: true },
      { part: 1, own: true, text: "[marker]" },
    ]);
  });

  test("partLinesOf counts each text part's lines in the joined text", () => {
    expect(partLinesOf([{ type: "text", chars: 5 }, { type: "attachment", index: 0 }, { type: "text", chars: 0 }, { type: "text", chars: 2 }], "a\nb\nc\n\n\n\nd\n", "\n\n")).toEqual([3, 1, 2]);
    expect(partLinesOf([{ type: "text", chars: 5 }], "abc", "\n\n")).toBeUndefined();
  });
});

const SOURCE = {
  content: [
    { type: "text", text: "For the user", annotations: { audience: ["user"], priority: 0.2 } },
    { type: "text", text: `${lines(300, "log")}\nError: disk full at /var/tmp`, annotations: { audience: ["assistant"] }, _meta: { "example.com/part": "log" } },
    { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png", annotations: { priority: 1 } },
    { type: "resource", resource: { uri: "file:///tmp/out.txt", mimeType: "text/plain", text: `${lines(300, "out")}\nthe end` }, _meta: { kept: true } },
  ],
};

/** The bytes of a written CallToolResult as the budget counts them: media data left out. */
function measured(payload: Record<string, unknown>): number {
  const content = (payload.content as Block[]).map((block) => (typeof block.data === "string" ? { ...block, data: "" } : block));
  return Buffer.byteLength(JSON.stringify({ ...payload, content }));
}

function checkBlocks(content: Block[]): void {
  expect(content.map((block) => block.type)).toEqual(["text", "text", "image", "resource"]);
  expect(content[0]).toEqual(SOURCE.content[0]);
  expect(content[1]).toMatchObject({ annotations: { audience: ["assistant"] }, _meta: { "example.com/part": "log" } });
  expect(content[1]!.text).toMatch(/^log 1\n/);
  expect(content[2]).toEqual(SOURCE.content[2]);
  expect(content[3]).toMatchObject({ _meta: { kept: true }, resource: { uri: "file:///tmp/out.txt", mimeType: "text/plain" } });
  expect((content[3]!.resource as { text: string }).text).toMatch(/the end$/);
  expect(content.map((block) => String(block.text ?? (block.resource as { text?: string } | undefined)?.text ?? "")).join("\n")).toContain("[... omitted ");
}

describe("projectResult --to mcp of a cut MCP result", () => {
  test("keeps every block still shown, in order, with its fields, within the budget", () => {
    const projection = projectResult(normalizeValue(SOURCE, "mcp"), { format: "json", to: "mcp", budget: { maxBytes: 3000, maxLines: 2000 } });
    expect(projection.bound.truncated).toBe(true);
    const payload = JSON.parse(projection.text) as Record<string, unknown>;
    expect(CallToolResultSchema.parse(payload)).toEqual(payload);
    checkBlocks(payload.content as Block[]);
    expect(measured(payload)).toBeLessThanOrEqual(3000);
  });

  test("a cut that only cleaned the text (no cut: escape sequences removed) keeps the blocks too", () => {
    const source = { content: [{ type: "text", text: "\u001b[31mred\u001b[0m", annotations: { priority: 0.5 } }, { type: "text", text: "plain", _meta: { a: 1 } }] };
    const projection = projectResult(normalizeValue(source, "mcp"), { format: "json", to: "mcp" });
    expect(JSON.parse(projection.text)).toEqual({ content: [{ type: "text", text: "red", annotations: { priority: 0.5 } }, { type: "text", text: "plain", _meta: { a: 1 } }] });
  });
});

const numbered = (count: number, label: string) => Array.from({ length: count }, (_, index) => `${label} ${index + 1}: ${"abcdefghij".slice(index % 7)}`).join("\n");
const resourceText = (block: Block): string => (block.resource as { text: string }).text;

describe("blocks none of whose lines is shown", () => {
  // A long first and last text; between them an embedded resource, a user-only text block, a resource_link and a
  // resource for the user only: the head and tail show only the first and last texts.
  const source = {
    content: [
      { type: "text", text: numbered(100, "log") },
      { type: "resource", resource: { uri: "file:///tmp/mid.txt", mimeType: "text/plain", text: numbered(30, "mid") }, annotations: { priority: 0.4 }, _meta: { k: 1 } },
      { type: "text", text: "Shown to the user", annotations: { audience: ["user"] }, _meta: { m: 2 } },
      { type: "resource_link", uri: "file:///tmp/link.bin", name: "link.bin", mimeType: "application/octet-stream" },
      { type: "resource", resource: { uri: "memo://notes", text: numbered(10, "memo") }, annotations: { audience: ["user"] } },
      { type: "text", text: numbered(100, "tail") },
    ],
  };
  const project = (maxBytes: number, extra: { maxLines?: number; maxTokens?: number } = {}) => {
    const budget = { maxBytes, maxLines: extra.maxLines ?? 2000, ...(extra.maxTokens ? { maxTokens: extra.maxTokens } : {}) };
    const projection = projectResult(normalizeValue(source, "mcp"), { format: "json", to: "mcp", salience: false, budget });
    expect(projection.bound.truncated).toBe(true);
    const payload = JSON.parse(projection.text) as Record<string, unknown>;
    expect(CallToolResultSchema.parse(payload)).toEqual(payload);
    expect(measured(payload)).toBeLessThanOrEqual(maxBytes);
    return { payload, content: payload.content as Block[], bound: projection.bound };
  };

  test("an embedded resource stays in its place with its uri, mimeType, annotations and _meta, its text a note", () => {
    const { content } = project(1500);
    expect(content.map((block) => block.type)).toEqual(["text", "resource", "resource_link", "resource", "text"]);
    expect(content[0]!.text).toMatch(/^log 1: /);
    expect(content[1]).toEqual({
      type: "resource", resource: { uri: "file:///tmp/mid.txt", mimeType: "text/plain", text: "[correx: this resource's text was cut (lines 102-131 of the full output)]" },
      annotations: { priority: 0.4 }, _meta: { k: 1 },
    });
    // The resource_link is no text: never cut, in its place as it was.
    expect(content[2]).toEqual(source.content[3]);
    expect(content[3]).toEqual({ type: "resource", resource: { uri: "memo://notes", text: "[correx: this resource's text was cut (lines 135-144 of the full output)]" }, annotations: { audience: ["user"] } });
    // A text block wholly cut is left out, annotations and _meta with it: a text block is its text, the marker counts
    // its line (its _meta and audience say nothing the model could ask for again).
    expect(content.some((block) => block.text === "Shown to the user")).toBe(false);
    expect(content[4]!.text).toMatch(/tail 100: /);
  });

  test("each note is a line of the line budget", () => {
    const { content, bound } = project(20000, { maxLines: 30 });
    const notes = content.filter((block) => block.type === "resource" && resourceText(block).startsWith("[correx: this resource's text was cut"));
    expect(notes).toHaveLength(2);
    expect(bound.text.split("\n").length + notes.length).toBeLessThanOrEqual(30);
  });

  test("the marker alone keeps the notes when they fit; when they do not, it is written as before, without them", () => {
    const roomy = project(680);
    expect(roomy.bound.lineSources?.every((source) => source === 0)).toBe(true);
    expect(roomy.content.filter((block) => block.type === "resource").map((block) => (block.resource as { uri: string }).uri)).toEqual(["file:///tmp/mid.txt", "memo://notes"]);
    // Too small for the notes beside the marker: the marker alone is written (no refusal), as it was before.
    const tight = project(600);
    expect(tight.content.map((block) => block.type)).toEqual(["text", "resource_link"]);
    expect(tight.content[0]!.text).toMatch(/^\[\.\.\. omitted /);
  });

  test("the text the model cannot be shown: a wholly cut resource in the other targets' text is cut with the rest", () => {
    const projection = projectResult(normalizeValue(source, "mcp"), { format: "json", to: "anthropic", salience: false, budget: { maxBytes: 1500, maxLines: 2000 } });
    expect(projection.text).not.toContain("this resource's text was cut");
  });
});

describe("correx bound, lower and normalize --to mcp", () => {
  for (const command of ["bound", "lower", "normalize"]) {
    test(`${command}: the blocks keep their fields`, () => {
      assertBuilt();
      const spill = join(temporaryDirectory("correx-mcp-cut-"), "spill");
      const run = spawnSync(process.execPath, [CORREX_BIN, command, "--from", "mcp", "--to", "mcp", "--max-bytes", "3000", "--spill-dir", spill], { input: JSON.stringify(SOURCE) });
      expect(run.status).toBe(0);
      const payload = JSON.parse(run.stdout.toString()) as Record<string, unknown>;
      expect(CallToolResultSchema.parse(payload)).toEqual(payload);
      checkBlocks(payload.content as Block[]);
      expect(measured(payload)).toBeLessThanOrEqual(3000);
    });
  }
});

// `bound --format json` writes the cut text as one string: its meta says where each line came from (part_lines,
// line_map: src/lower/line-map.ts), so that `lower --to mcp` puts it back into the blocks as `bound --to mcp` does.
describe("a cut MCP result's payload, lowered later", () => {
  const schema = JSON.parse(readFileSync(new URL("../../schema/tool-result.schema.json", import.meta.url), "utf8"));
  const validate = new Ajv2020.default({ strict: true, allErrors: true }).compile(schema);

  test("the payload says where its lines come from, valid for the schema; lowered, it keeps the blocks", () => {
    const projection = projectResult(normalizeValue(SOURCE, "mcp"), { format: "json", budget: { maxBytes: 4000, maxLines: 2000 } });
    expect(Buffer.byteLength(projection.text.trimEnd())).toBeLessThanOrEqual(4000);
    const payload = JSON.parse(projection.text) as { data: string; meta: Record<string, unknown> };
    expect(validate(payload), JSON.stringify(validate.errors)).toBe(true);
    expect(payload.meta.part_lines).toEqual([1, 301, 301]);
    expect(payload.meta.line_map).toEqual(encodeLineMap(projection.bound.lineSources!));
    const lowered = projectResult(normalizeValue(payload, "rind"), { format: "json", to: "mcp" });
    const result = JSON.parse(lowered.text) as Record<string, unknown>;
    expect(CallToolResultSchema.parse(result)).toEqual(result);
    checkBlocks(result.content as Block[]);
  });

  test("cut again (a smaller budget), the map is the source's still; a cut with no line sources drops it", () => {
    const first = JSON.parse(projectResult(normalizeValue(SOURCE, "mcp"), { format: "json", budget: { maxBytes: 6000, maxLines: 2000 } }).text);
    const second = projectResult(normalizeValue(first, "rind"), { format: "json", budget: { maxBytes: 3500, maxLines: 2000 } });
    const payload = JSON.parse(second.text) as { meta: Record<string, unknown> };
    const runs = payload.meta.line_map as [number, number, number][];
    // Its last run ends with the source's last line (the resource's "the end", line 605), not the first payload's.
    expect(runs.at(-1)![1] + runs.at(-1)![2] - 1).toBe(605);
    checkBlocks(JSON.parse(projectResult(normalizeValue(payload, "rind"), { format: "json", to: "mcp" }).text).content as Block[]);
    const opencode = JSON.parse(projectResult(normalizeValue(first, "rind"), { format: "json", style: "opencode", budget: { maxBytes: 3500, maxLines: 2000 } }).text) as { meta: Record<string, unknown> };
    expect(opencode.meta.line_map).toBeUndefined();
    expect(opencode.meta.part_lines).toBeUndefined();
  });

  test("correx bound --format json | correx lower --to mcp keeps the blocks, as bound --to mcp does", () => {
    assertBuilt();
    const spill = join(temporaryDirectory("correx-mcp-pipe-"), "spill");
    const bound = spawnSync(process.execPath, [CORREX_BIN, "bound", "--from", "mcp", "--format", "json", "--max-bytes", "4000", "--spill-dir", spill], { input: JSON.stringify(SOURCE) });
    expect(bound.status).toBe(0);
    const lowered = spawnSync(process.execPath, [CORREX_BIN, "lower", "--to", "mcp", "--spill-dir", spill], { input: bound.stdout });
    expect(lowered.status).toBe(0);
    const payload = JSON.parse(lowered.stdout.toString()) as Record<string, unknown>;
    expect(CallToolResultSchema.parse(payload)).toEqual(payload);
    checkBlocks(payload.content as Block[]);
  });
});
