// A structuredContent cut in shape beside the text (`--to mcp`, `--format json`) is said where a client and a model
// read it, as `correx proxy` says it: an array cut leaves no trace inside the value, so the CallToolResult gets a
// last text block naming the paths cut and the saved input (the whole result as read, at `output_path`), and
// `_meta["correx/structuredContentCut"]`.
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { estimateTokens } from "../../src/bound/budget.js";
import { STRUCTURED_CUT_META } from "../../src/mcp/structured-note.js";
import { normalizeValue } from "../../src/normalize/index.js";
import type { ToolResult } from "../../src/payload.js";
import { projectResult } from "../../src/project/project.js";
import { SpillStore } from "../../src/spill/store.js";
import { runCli } from "../cli/cli-process.js";

type Written = { content: { type: string; text: string }[]; structuredContent: Record<string, unknown>; _meta?: Record<string, unknown> };

const items = Array.from({ length: 5000 }, (_, index) => index + 1);
const arrayCut = { content: [{ type: "text", text: "short" }], structuredContent: { items } };
const budget = { maxBytes: 2000, maxLines: 2000 };
const spill = () => ({ store: new SpillStore(join(mkdtempSync(join(tmpdir(), "correx-scnote-")), "spill")) });

describe("--to mcp: a cut structuredContent is said in the content and in _meta", () => {
  test("an array cut: the note names the path and the saved output, within the budget, a valid CallToolResult", () => {
    const projection = projectResult(normalizeValue(arrayCut, "mcp"), { to: "mcp", budget, spill: spill() });
    const written = JSON.parse(projection.text) as Written;
    const saved = projection.bound.spill?.kind === "saved" ? projection.bound.spill : undefined;
    const id = saved?.id;
    expect(id).toMatch(/^tool_/);
    expect(CallToolResultSchema.safeParse(written).success).toBe(true);
    expect((written.structuredContent.items as number[]).length).toBeLessThan(5000);
    expect(written.content).toEqual([
      { type: "text", text: "short" },
      { type: "text", text: `[correx: structuredContent was cut at $.items; full result as read: ${saved!.path}]` },
    ]);
    expect(written._meta).toEqual({ [STRUCTURED_CUT_META]: { paths: ["$.items"], id } });
    expect(Buffer.byteLength(projection.text)).toBeLessThanOrEqual(2000);
  });

  test("a long text and a long string cut too: every path named, the text's marker kept, within bytes and tokens", () => {
    const text = Array.from({ length: 3000 }, (_, index) => `line ${index} of the log`).join("\n");
    const source = { content: [{ type: "text", text }], structuredContent: { items, log: "x".repeat(9000) } };
    for (const limits of [{ maxBytes: 4000, maxLines: 2000 }, { maxBytes: 12000, maxLines: 2000, maxTokens: 6000 }]) {
      const projection = projectResult(normalizeValue(source, "mcp"), { to: "mcp", budget: limits, spill: spill() });
      const written = JSON.parse(projection.text) as Written;
      expect(CallToolResultSchema.safeParse(written).success).toBe(true);
      expect(written.content[0]!.text).toContain("[full output: ");
      expect(written.content.at(-1)!.text).toMatch(/^\[correx: structuredContent was cut at \$\.items, \$\.log; full result as read: \/\S+\/tool_\w+\]$/);
      expect((written._meta![STRUCTURED_CUT_META] as { paths: string[] }).paths).toEqual(["$.items", "$.log"]);
      expect(Buffer.byteLength(projection.text)).toBeLessThanOrEqual(limits.maxBytes);
      if (limits.maxTokens !== undefined) expect(estimateTokens(projection.text)).toBeLessThanOrEqual(limits.maxTokens);
    }
  });

  test("the source's own _meta is kept beside the note", () => {
    const source = { ...arrayCut, _meta: { "example.com/trace": "t-1" } };
    const written = JSON.parse(projectResult(normalizeValue(source, "mcp"), { to: "mcp", budget }).text) as Written;
    expect(CallToolResultSchema.safeParse(written).success).toBe(true);
    expect(written._meta).toEqual({ "example.com/trace": "t-1", [STRUCTURED_CUT_META]: { paths: ["$.items"] } });
    // No spill: the note says the full result was not saved.
    expect(written.content.at(-1)!.text).toBe("[correx: structuredContent was cut at $.items; the full result was not saved]");
  });

  test("structured content that is the data, cut beside the cut text, is said too", () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ i, s: "abcdefghij" }));
    const written = JSON.parse(projectResult(normalizeValue({ content: [], structuredContent: { rows } }, "auto"), { to: "mcp", budget: { maxBytes: 4000, maxLines: 2000 } }).text) as Written;
    expect(CallToolResultSchema.safeParse(written).success).toBe(true);
    expect(written.content[0]!.text).toContain("[JSON view of");
    expect(written.content.at(-1)!.text).toBe("[correx: structuredContent was cut at $.rows; the full result was not saved]");
    expect(written._meta).toEqual({ [STRUCTURED_CUT_META]: { paths: ["$.rows"] } });
  });

  test("nothing cut, nothing said", () => {
    const small = { content: [{ type: "text", text: "short" }], structuredContent: { items: [1, 2, 3] } };
    expect(JSON.parse(projectResult(normalizeValue(small, "mcp"), { to: "mcp", budget }).text)).toEqual(small);
  });
});

describe("--format json: the unified payload names the paths cut", () => {
  test("structured_content_cut, the paths and the saved output in meta", () => {
    const payload = JSON.parse(projectResult(normalizeValue(arrayCut, "mcp"), { format: "json", budget, spill: spill() }).text) as ToolResult;
    expect(payload.meta).toMatchObject({ structured_content_cut: true, structured_content_cut_paths: ["$.items"], output_id: expect.stringMatching(/^tool_/) });
  });
});

describe("the CLI (built binary): lower, bound and normalize --to mcp", () => {
  test.each([["lower"], ["bound"], ["normalize"]])("correx %s --to mcp names the saved input, which holds the whole result", (command) => {
    const dir = join(mkdtempSync(join(tmpdir(), "correx-scnote-cli-")), "store");
    const run = runCli([command, "--to", "mcp", "--max-bytes", "2000", "--spill-dir", dir], JSON.stringify(arrayCut));
    expect(run.code).toBe(0);
    expect(run.stdout.byteLength).toBeLessThanOrEqual(2000);
    const written = JSON.parse(run.text) as Written;
    expect(CallToolResultSchema.safeParse(written).success).toBe(true);
    const { id } = written._meta![STRUCTURED_CUT_META] as { id: string };
    expect(written.content.at(-1)!.text).toBe(`[correx: structuredContent was cut at $.items; full result as read: ${join(dir, id)}]`);
    expect(JSON.parse(readFileSync(join(dir, id), "utf8"))).toEqual(arrayCut);
  });

  test("a second lowering of the unified payload still says the cut", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "correx-scnote-cli-")), "store");
    const first = runCli(["normalize", "--max-bytes", "2000", "--spill-dir", dir], JSON.stringify(arrayCut));
    const written = JSON.parse(runCli(["lower", "--to", "mcp", "--max-bytes", "2000", "--spill-dir", dir], first.stdout).text) as Written;
    const id = (JSON.parse(first.text) as ToolResult).meta!.output_id;
    expect(written._meta).toEqual({ [STRUCTURED_CUT_META]: { paths: ["$.items"], id } });
    expect(written.content.at(-1)!.text).toBe(`[correx: structuredContent was cut at $.items; full result as read: ${join(dir, id!)}]`);
  });
});
