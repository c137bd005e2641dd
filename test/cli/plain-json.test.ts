// Plain JSON on `bound` (issue 12 item 5): one JSON value a command printed that does not fit is shown as its
// JSON view, within the budget, with its pretty print saved beside the spill when the input is not already that
// text; JSON that fits still passes byte for byte; JSON Lines, malformed JSON and the other projections keep the
// line cut. In process, through `boundInput` (the code `correx bound` runs).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { PlainJsonWatch } from "../../src/bound/plain-json.js";
import { boundInput } from "../../src/cli/bound-input.js";
import type { RawOptions } from "../../src/cli/options.js";
import { stringifyJson } from "../../src/normalize/lossless-json.js";
import { parseJsonBytes } from "../../src/normalize/json-input.js";

const root = mkdtempSync(join(tmpdir(), "correx-plain-json-"));
const spillDir = join(root, "spill");
afterAll(() => rmSync(root, { recursive: true, force: true }));
const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/json/${name}`, import.meta.url));
/** `npm view typescript --json`, one line of 266,230 bytes. */
const npmView = fixture("npm-view-typescript.json");
/** `npm ls --all --json`, 64 KB pretty-printed by npm. */
const npmLs = fixture("npm-ls-all.json");
const topKeys = (bytes: Buffer): string[] => Object.keys(JSON.parse(bytes.toString("utf8")) as object);

async function* chunks(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let start = 0; start < bytes.length; start += 65_536) yield bytes.subarray(start, start + 65_536);
}

/** `correx bound` with these options, in process. */
async function bound(input: Buffer, options: RawOptions = {}): Promise<string> {
  const result = await boundInput({ spillDir, ...options }, chunks(input), { stdoutIsTTY: false, columns: undefined, env: {} });
  if (!("text" in result)) throw new Error("no batch expected");
  return result.text;
}

const idOf = (text: string): string => /correx read (tool_[0-9a-z]+)/.exec(text)![1]!;

describe("one JSON value that does not fit is shown as its JSON view", () => {
  test.each([51_200, 10_240])("npm view typescript --json (one 266 KB line) at %i bytes: every top-level key, within the budget", async (budget) => {
    const text = await bound(npmView, { maxBytes: String(budget) });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(budget);
    for (const key of topKeys(npmView)) expect(text).toContain(`\n  ${JSON.stringify(key)}: `);
    expect(text).toMatch(/^\{\n {2}"_id": "typescript@7\.0\.2",\n/);
    expect(text).toContain("[JSON view of 7057 lines");
    expect(text.endsWith("\n")).toBe(true);
    // The spill holds the bytes as read; its pretty print, which the view's line numbers name, is saved beside it.
    const id = idOf(text);
    expect(readFileSync(join(spillDir, id)).equals(npmView)).toBe(true);
    const pretty = readFileSync(join(spillDir, `${id}.text`), "utf8").split("\n");
    expect(pretty.join("\n")).toBe(`${stringifyJson(parseJsonBytes(npmView), 2)}\n`);
    expect(text).toContain(`[full output: ${join(spillDir, id)}.text (as text; the input as read: ${join(spillDir, id)})`);
    // A gap names the lines of the omitted items: the line before them is the item shown last.
    const lines = text.split("\n");
    const gap = lines.findIndex((line) => /^ {4}… [\d,]+ more items: lines /.test(line));
    const from = Number(/lines ([\d,]+)-/.exec(lines[gap]!)![1]!.replaceAll(",", ""));
    expect(pretty[from - 2]).toBe(lines[gap - 1]);
    expect(JSON.stringify(JSON.parse(pretty[from - 1]!.replace(/,$/, "")))).toBe(pretty[from - 1]!.trim().replace(/,$/, ""));
  });

  test("npm ls --all --json (pretty-printed already): the view's lines are the input's own, no text view is written", async () => {
    const text = await bound(npmLs, { maxBytes: "10240" });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(10_240);
    for (const key of topKeys(npmLs)) expect(text).toContain(`\n  ${JSON.stringify(key)}: `);
    const id = idOf(text);
    expect(existsSync(join(spillDir, `${id}.text`))).toBe(false);
    expect(text).toContain(`[JSON view of ${npmLs.toString().trimEnd().split("\n").length} lines (${npmLs.length} bytes in all)`);
    expect(text).toContain(`[full output: ${join(spillDir, id)}; read`);
  });

  test("--format json says a view was shown (meta.view) and holds the budget", async () => {
    const text = await bound(npmView, { maxBytes: "10240", format: "json" });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(10_240);
    const written = JSON.parse(text);
    expect(written.meta).toMatchObject({ view: "json", truncated: true, total_lines: 7057, source_shape: "text" });
    expect(written.data).toContain('\n  "dist": {');
  });

  test("bounding the view again changes nothing", async () => {
    for (const budget of ["51200", "10240", "4096"]) {
      const once = await bound(npmView, { maxBytes: budget });
      expect(once).toContain("[JSON view of");
      expect(await bound(Buffer.from(once), { maxBytes: budget })).toBe(once);
    }
  });

  test("a leading byte order mark and blank lines are fine; without a spill the view still comes", async () => {
    const text = await bound(Buffer.concat([Buffer.from("\ufeff \n\n"), npmView]), { maxBytes: "10240", spill: false });
    expect(text).toContain("[JSON view of 7057 lines");
    expect(text).toContain("[full output not saved (--no-spill)]");
  });
});

describe("everything else keeps the line cut", () => {
  test.each([
    ["npm view at a budget it fits", npmView, { maxBytes: "300000" }],
    ["npm ls at a budget it fits", npmLs, { maxBytes: "65536", maxLines: "3000" }],
  ])("%s: byte for byte", async (_name, input, options) => {
    expect(await bound(input, options)).toBe(input.toString("utf8"));
  });

  test.each([
    ["JSON Lines (git log)", fixture("git-log.jsonl"), {}],
    ["JSON cut short", npmView.subarray(0, 200_000), {}],
    ["two values", Buffer.concat([npmLs, npmLs]), {}],
    ["a long string", Buffer.from(JSON.stringify("x".repeat(100_000))), {}],
    ["--salience off", npmView, { salience: "off" }],
    ["--for terminal", npmView, { for: "terminal" }],
    ["--keep head", npmView, { keep: "head" }],
    ["over --json-cap", npmView, { jsonCap: "100KiB" }],
  ] as [string, Buffer, RawOptions][])("%s", async (_name, input, options) => {
    const text = await bound(input, { maxBytes: "10240", ...options });
    expect(text).not.toContain("JSON view");
    expect(text).toMatch(/omitted|…/);
  });

  test("--style opencode stays opencode's cut", async () => {
    const text = await bound(npmView, { maxBytes: "10240", style: "opencode" });
    expect(text).not.toContain("JSON view");
    expect(text).toMatch(/\.\.\. output truncated; full content saved to \S+ \.\.\./);
  });

  test("a view too large for the budget falls back to the line cut and leaves no text view behind", async () => {
    const before = new Set(readdirSync(spillDir));
    const text = await bound(npmView, { maxBytes: "700" });
    expect(text).not.toContain("JSON view");
    const added = readdirSync(spillDir).filter((name) => !before.has(name));
    expect(added.some((name) => name.endsWith(".text"))).toBe(false);
  });
});

describe("PlainJsonWatch", () => {
  test("over its cap it never reads the spill back", () => {
    const value = Buffer.from(`[${"1,".repeat(100)}1]`);
    const saved = join(root, "saved.json");
    writeFileSync(saved, value);
    const spill = { kind: "saved" as const, id: "tool_0", path: saved };
    const under = new PlainJsonWatch(1000, false);
    under.write(value);
    under.decide(value, true, true);
    expect(under.load(spill, undefined)?.source.totalLines).toBe(103);
    const over = new PlainJsonWatch(100, false);
    over.write(value);
    over.decide(value, true, true);
    expect(over.load(spill, undefined)).toBeUndefined();
  });

  test("without a spill it holds at most 1 MiB", () => {
    const watch = new PlainJsonWatch(8 * 1024 * 1024, true);
    const big = Buffer.from(`[${"1,".repeat(600_000)}1]`);
    watch.decide(big.subarray(0, 10), false, true);
    watch.write(big);
    expect(watch.load({ kind: "disabled" }, undefined)).toBeUndefined();
  });
});
