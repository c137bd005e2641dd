// Plain JSON end to end: `run -- cat big.json` gives the same JSON view as `bound`, and the lines the view names
// are the lines `correx read` and `correx grep` reach (the pretty print saved beside the spill).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { runCli } from "./cli-process.js";

const root = mkdtempSync(join(tmpdir(), "correx-plain-json-e2e-"));
const spill = join(root, "spill");
afterAll(() => rmSync(root, { recursive: true, force: true }));
const npmViewPath = fileURLToPath(new URL("../fixtures/json/npm-view-typescript.json", import.meta.url));
const npmView = readFileSync(npmViewPath);
const stable = (text: string): string => text.replace(/tool_[0-9a-z]+/g, "tool_ID");

describe("plain JSON on run and bound", () => {
  test.each([51_200, 10_240])("run -- cat big.json shows the view bound shows (%i bytes), then how the command ended", (budget) => {
    const bound = runCli(["bound", "--spill-dir", spill, "--max-bytes", String(budget)], npmView);
    const run = runCli(["run", "--spill-dir", spill, "--max-bytes", String(budget), "--", "cat", npmViewPath]);
    expect(run.code).toBe(0);
    expect(bound.text).toContain("[JSON view of 7057 lines");
    expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(budget);
    expect(stable(run.text)).toBe(`${stable(bound.text).trimEnd()}\n\nCommand exited with code 0.\n`);
  });

  test("the view's line numbers are the lines correx read and correx grep reach", () => {
    const bound = runCli(["bound", "--spill-dir", spill, "--max-bytes", "10240"], npmView);
    const id = /correx read (tool_[0-9a-z]+)/.exec(bound.text)![1]!;
    const lines = bound.text.split("\n");
    const gap = lines.findIndex((line) => /^ {4}… [\d,]+ more items: lines /.test(line));
    const [from, to] = /lines ([\d,]+)-([\d,]+)/.exec(lines[gap]!)!.slice(1).map((n) => Number(n.replaceAll(",", ""))) as [number, number];
    const page = runCli(["read", id, "--spill-dir", spill, "--offset", String(from), "--limit", "2", "--format", "json"]);
    const read = JSON.parse(page.text);
    expect(read.lines[0].n).toBe(from);
    expect(read.lines[0].text).not.toBe(lines[gap - 1]);
    expect(read.lines[0].text).toMatch(/^ {4}"/);
    const last = JSON.parse(runCli(["read", id, "--spill-dir", spill, "--offset", String(to + 1), "--limit", "1", "--format", "json"]).text);
    expect(last.lines[0].text).toBe(lines[gap + 1]);
    const found = runCli(["grep", id, '^  "dist": \\{', "--spill-dir", spill]);
    expect(found.text).toMatch(/^Line 7052: {3}"dist": \{$/m);
  });
});
