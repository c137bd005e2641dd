// UTF-16 input with a BOM (SPEC §2: transcoded) through the built binary: the spill keeps the bytes as they came,
// its UTF-8 text view `<id>.text` is saved beside it, and read, grep and the marker's counts and hints use that view.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { runCli } from "./cli-process.js";

const dir = mkdtempSync(join(tmpdir(), "correx-utf16-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = (name: string): Buffer => readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url)));

/** `text` in UTF-16 with its BOM, in either byte order. */
function utf16(text: string, order: "le" | "be"): Buffer {
  const bytes = Buffer.from(`\ufeff${text}`, "utf16le");
  if (order === "be") bytes.swap16();
  return bytes;
}

const MARKER = /\[\.\.\. omitted (\d+) lines?, (\d+) bytes?: lines (\d+)-(\d+) of (\d+) lines? \((\d+) bytes? in all\) \.\.\.\]\n\[full output: (\S+) \(as text; the input as read: (\S+)\); read the omitted part with: correx read (tool_\w+) --spill-dir \S+ --offset (\d+)(?: --limit \d+)?(?: --max-bytes \d+)?, or: sed -n '(\d+),(\d+)p' (\S+)\]/;

/** Bounds `input` into a store of its own (stdin, or a file argument: one large first read) and checks the spill. */
function check(input: Buffer, text: string, args: string[], asFile: boolean): void {
  const store = mkdtempSync(join(dir, "store-"));
  const file = join(dir, `input-${Math.random().toString(36).slice(2)}`);
  if (asFile) writeFileSync(file, input);
  const run = runCli(["bound", "--spill-dir", store, ...args, ...(asFile ? [file] : [])], asFile ? "" : input);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const marker = MARKER.exec(run.text);
  expect(marker, run.text).not.toBeNull();
  const [, omittedLines, omittedBytes, from, to, totalLines, totalBytes, textPath, rawPath, id, offset, sedFrom, sedTo, sedPath] = marker!;
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();

  // The raw bytes byte for byte; beside them the UTF-8 text, which the marker names and counts.
  expect(readFileSync(rawPath!).equals(input)).toBe(true);
  expect(textPath).toBe(`${rawPath}.text`);
  expect(readFileSync(textPath!).equals(Buffer.from(text, "utf8"))).toBe(true);
  expect(Number(totalLines)).toBe(lines.length);
  expect(Number(totalBytes)).toBe(Buffer.byteLength(text));
  expect(sedPath).toBe(textPath);
  expect([offset, sedFrom, sedTo]).toEqual([from, from, to]);
  const omitted = lines.slice(Number(from) - 1, Number(to));
  expect(omitted.length).toBe(Number(omittedLines));
  expect(Buffer.byteLength(omitted.join("\n")) + 1).toBeGreaterThanOrEqual(Number(omittedBytes));

  // read pages the text view: the omitted lines as the marker numbers them, and the same total.
  const page = runCli(["read", id!, "--spill-dir", store, "--offset", from!, "--limit", "3"]);
  expect(page.code).toBe(0);
  expect(page.text).toContain(`<path>${textPath}</path>`);
  expect(page.text).toContain(omitted.slice(0, 3).map((line, index) => `${Number(from) + index}: ${line}`).join("\n"));
  expect(page.text).toContain(` of ${lines.length}.`);

  // grep searches it: every line with a non-ASCII word is found.
  const word = "été";
  const count = runCli(["grep", id!, word, "-c", "--spill-dir", store]);
  expect(count.text.trim()).toBe(String(lines.filter((line) => line.includes(word)).length));
  rmSync(store, { recursive: true, force: true });
}

describe("UTF-16 input: the spill's text view", () => {
  const recorded = fixture("cjk-emoji.txt").toString("utf8");
  test.each([["cjk-emoji.utf16le.txt"], ["cjk-emoji.utf16be.txt"]])("%s (recorded), cut by lines", (name) => {
    const input = fixture(name);
    const text = `${recorded}ligne été\n`;
    const extra = name.includes("le") ? utf16("ligne été\n", "le").subarray(2) : utf16("ligne été\n", "be").subarray(2);
    check(Buffer.concat([input, extra]), text, ["--max-lines", "4"], false);
  });

  const generated = Array.from({ length: 60_000 }, (_, index) => `ligne ${index} été ✓ 𝄞 ${index % 7 === 0 ? "" : "x".repeat(index % 13)}\n`).join("");
  test.each([
    ["le", false], ["be", false], ["le", true], ["be", true],
  ] as const)("generated UTF-16%s past the spill's memory share (from a file: %s)", (order, asFile) => {
    const input = utf16(generated, order);
    expect(input.length).toBeGreaterThan(2 * 1024 * 1024);
    check(input, generated, ["--max-bytes", "1200"], asFile);
  });
});

describe("UTF-16 output of a command", () => {
  test("a budget refused keeps the whole output, its text view with it (the view is closed once, asked twice)", () => {
    const store = mkdtempSync(join(dir, "store-"));
    const text = Array.from({ length: 3000 }, (_, index) => `ligne ${index} été\n`).join("");
    const file = join(dir, "command-output");
    writeFileSync(file, utf16(text, "be"));
    const run = runCli(["run", "--spill-dir", store, "--max-bytes", "100", "--", "cat", file]);
    const saved = /the whole output is saved as (tool_\w+)/.exec(run.stderr);
    expect(saved, run.stderr).not.toBeNull();
    const page = runCli(["read", saved![1]!, "--spill-dir", store, "--offset", "3000"]);
    expect(page.text).toContain("3000: ligne 2999 été\n");
    expect(page.text).toContain("total 3000 lines");
    expect(readFileSync(join(store, `${saved![1]}.text`), "utf8")).toBe(text);
  });
});

describe("UTF-16 input past the per-output cap", () => {
  test("the marker counts the input's bytes saved in the input's own unit, never a negative figure", () => {
    const store = mkdtempSync(join(dir, "store-"));
    const text = Array.from({ length: 40_000 }, (_, index) => `ligne ${index} été ✓\n`).join("");
    const input = utf16(text, "le");
    const run = runCli(["bound", "--spill-dir", store, "--max-bytes", "1200", "--max-output", "256KiB"], input);
    // the cap holds for the text view too: the marker says both in their own bytes
    const id = /correx read (tool_\w+)/.exec(run.text)![1]!;
    const view = statSync(join(store, `${id}.text`)).size;
    expect(view).toBeLessThanOrEqual(256 * 1024);
    expect(run.text).toContain(`(only the first ${view} bytes of the text and ${256 * 1024} bytes of the input as read were saved: the per-output cap stopped ${Buffer.byteLength(text) - view} bytes of the text)`);
    expect(run.text).toContain(`(${Buffer.byteLength(text)} bytes in all)`);
  });
});
