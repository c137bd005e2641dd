// The JSON view end to end: a large structured value keeps its shape within the budget, its line numbers reach the
// saved text view with `correx read`, and MCP structured content is bounded beside a text that is never emptied.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runCli } from "./cli-process.js";

const root = mkdtempSync(join(tmpdir(), "correx-json-view-"));
const spill = join(root, "spill");
afterAll(() => rmSync(root, { recursive: true, force: true }));
const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/json/${name}`, import.meta.url));
const npmView = fixture("npm-view-eslint.json");

describe("a large JSON value is shown in shape", () => {
  test("an AI SDK json output of `npm view eslint --json`: every top-level key, arrays by their ends, within the budget", () => {
    const input = Buffer.concat([Buffer.from('{"type":"json","value":'), npmView, Buffer.from("}")]);
    const run = runCli(["bound", "--spill-dir", spill, "--max-bytes", "10240"], input);
    expect(run.code).toBe(0);
    expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(10240);
    for (const key of Object.keys(JSON.parse(npmView.toString()))) expect(run.text).toContain(`\n  ${JSON.stringify(key)}: `);
    expect(run.text).toMatch(/^\{\n {2}"_id": "eslint@10\.15\.0",/);
    expect(run.text).toMatch(/\[JSON view of \d+ lines/);
    // A gap names lines of the saved text view, and `correx read` pages exactly the omitted items.
    const gap = /^( +)… ([\d,]+) more items: lines ([\d,]+)-([\d,]+) …$/m.exec(run.text)!;
    const id = /correx read (tool_[0-9a-z]+)/.exec(run.text)![1]!;
    const from = Number(gap[3]!.replaceAll(",", ""));
    const page = runCli(["read", id, "--spill-dir", spill, "--offset", String(from), "--limit", "1"]);
    const shownBefore = run.text.split("\n")[run.text.split("\n").indexOf(gap[0]) - 1]!;
    expect(page.text).toContain(`${from}: `);
    expect(page.text).not.toContain(shownBefore.trim());
  });

  test.each([["normalize"], ["lower", "--to", "anthropic", "--call-id", "t"]])("%s --from json keeps the shape too", (...args) => {
    const run = runCli([...args, "--from", "json", "--spill-dir", spill, "--max-bytes", "8192"], npmView);
    expect(run.code).toBe(0);
    expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(8192);
    expect(run.text).toContain('\\"versions\\": [');
    expect(run.text).toMatch(/items: lines [\d,]+-[\d,]+ …/);
  });

  test("a value that fits is not viewed: it passes through as pretty JSON", () => {
    const run = runCli(["bound", "--spill-dir", spill], '{"type":"json","value":{"a":[1,2,3]}}');
    expect(run.text.trimEnd()).toBe('{\n  "a": [\n    1,\n    2,\n    3\n  ]\n}');
  });
});

describe("MCP structured content is bounded beside its text", () => {
  const result = fixture("mcp-directory-tree.json");
  test.each([["--format", "json"], ["--to", "mcp"]])("%s %s: within the budget, the text kept", (...args) => {
    const run = runCli(["bound", "--spill-dir", spill, "--max-bytes", "20000", ...args], result);
    expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(20000);
    const written = JSON.parse(run.text);
    const text: string = written.data ?? written.content[0].text;
    expect(text.length).toBeGreaterThan(5000);
    expect(text.startsWith('[\n  {\n    "name": "client",')).toBe(true);
  });

  test("3,000 structured items against the default budget", () => {
    const items = Array.from({ length: 3000 }, (_, index) => ({ id: index, name: `item number ${index}` }));
    const input = JSON.stringify({ content: [{ type: "text", text: "3000 items found" }], structuredContent: { items } });
    const run = runCli(["bound", "--spill-dir", spill, "--format", "json"], input);
    expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(51200);
    const written = JSON.parse(run.text);
    expect(written.data).toBe("3000 items found");
    expect(written.meta.structured_content.items.length).toBeGreaterThan(0);
    expect(written.meta.output_path).toBeDefined();
  });
});
