// Recorded real outputs through the built binary: what the model reads from each (SPEC §2, §9).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { runCli } from "./cli-process.js";

const spill = mkdtempSync(join(tmpdir(), "correx-fixtures-"));
afterAll(() => rmSync(spill, { recursive: true, force: true }));
const fixture = (name: string): Buffer => readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url)));
const bound = (name: string, ...args: string[]) => runCli(["bound", "--spill-dir", spill, ...args], fixture(name));
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]/;

describe("recorded outputs, model projection", () => {
  test.each([
    "npm-install-progress.txt", "tsc-failing-build.txt", "vitest-colored.txt", "vitest-tty.txt", "ls-color.txt",
    "python-traceback.txt", "crlf.log", "cjk-emoji.txt", "cargo-build-progress.txt", "curl-progress-bar.txt",
    "tqdm-progress.txt", "man-overstrike.txt", "vitest-live.txt", "pstree-vt100.txt", "chafa-kitty.txt", "chafa-iterm.txt",
    "chafa-sixels.txt", "apt-install-progress.txt",
  ])("%s: no escape, carriage return or other control byte reaches the model", (name) => {
    const run = bound(name);
    expect(run.code).toBe(0);
    expect(run.text).not.toMatch(CONTROLS);
    expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(51200);
  });

  test("the error at the end of a long failing build survives the default budget", () => {
    const run = bound("tsc-failing-build.txt");
    expect(run.text).toContain("[... omitted");
    expect(run.text).toContain("src/main.ts:14:7 - error TS2322: Type 'string' is not assignable to type 'number'.");
    expect(run.text.trimEnd().endsWith("Found 1 error in src/main.ts:14")).toBe(true);
  });

  test("the Python traceback keeps its last line", () => {
    expect(bound("python-traceback.txt").text.trimEnd().endsWith("KeyError: 'timeout'")).toBe(true);
  });

  test("progress bars collapse to their final state", () => {
    const tqdm = bound("tqdm-progress.txt").text;
    const raw = fixture("tqdm-progress.txt").toString("utf8");
    expect(raw.split("\r").length).toBeGreaterThan(10);
    expect(tqdm.split("\n").filter((line) => line.includes("%|")).length).toBeLessThan(raw.split("\r").length);
    expect(tqdm).toMatch(/100%\|/);
    const curl = bound("curl-progress-bar.txt").text;
    expect(curl).toMatch(/100\.0%/);
    expect(curl.split("\n").length).toBeLessThan(fixture("curl-progress-bar.txt").toString().split("\r").length);
  });

  test("a live region redrawn with cursor-up reads as tmux shows it; line drawing and images as a terminal draws them", () => {
    const lines = (text: string) => text.split("\n").map((line) => line.trimEnd()).join("\n").trimEnd();
    expect(lines(bound("vitest-live.txt").text)).toBe(lines(fixture("vitest-live.tmux.txt").toString("utf8")));
    expect(bound("pstree-vt100.txt").text).toContain("     │    └─tail\n");
    expect(bound("chafa-kitty.txt").text).toBe("plot written to chart.png:\n[image]\ndone\n");
  });

  test("apt's progress line at the bottom row leaves its log lines whole, as a terminal shows them", () => {
    expect(bound("apt-install-progress.txt").text.split("\n").slice(8, 14)).toEqual([
      "(Reading database ... 149317 files and directories currently installed.)",
      "Preparing to unpack .../dialog_1.3-20230209-1_amd64.deb ...",
      "Unpacking dialog (1.3-20230209-1) over (1.3-20230209-1) ...",
      "Setting up dialog (1.3-20230209-1) ...",
      "Processing triggers for man-db (2.11.2-2) ...",
      "",
    ]);
  });

  test("CRLF line ends become plain lines; CJK and emoji come through whole", () => {
    expect(bound("crlf.log").text).not.toContain("\r");
    expect(bound("cjk-emoji.txt").text).toBe(fixture("cjk-emoji.txt").toString("utf8"));
  });

  test.each([
    ["cjk-emoji.utf16le.txt"],
    ["cjk-emoji.utf16be.txt"],
  ])("%s: UTF-16 with a BOM is transcoded", (name) => {
    expect(bound(name).text).toBe(fixture("cjk-emoji.txt").toString("utf8"));
  });

  test.each([
    ["image.png", /^binary output: 8\.3 KiB, PNG image \(sniffed\)\n\[full output: \S+tool_\w+\]\n?$/],
    ["elf.bin", /^binary output: 34\.8 KiB, ELF executable \(sniffed\)\n\[full output: \S+tool_\w+\]\n?$/],
  ])("%s is summarized, not dumped, and saved byte for byte", (name, summary) => {
    const run = bound(name);
    expect(run.text).toMatch(summary);
    const path = /\[full output: (\S+)\]/.exec(run.text)![1]!;
    expect(readFileSync(path).equals(fixture(name))).toBe(true);
  });

  test("--raw leaves the bytes alone (escapes and all)", () => {
    const run = bound("vitest-colored.txt", "--raw");
    expect(run.stdout.equals(fixture("vitest-colored.txt"))).toBe(true);
  });

  test("--keep-ansi keeps colours but still collapses redraws", () => {
    const run = bound("vitest-colored.txt", "--keep-ansi");
    expect(run.text).toContain("\x1b[");
    expect(run.text).not.toContain("\r");
  });
});

describe("recorded outputs, terminal projection", () => {
  test("8 KiB, lines cut to the width, colours only when asked", () => {
    const plain = bound("ls-color.txt", "--for", "terminal", "--width", "40");
    expect(plain.code).toBe(0);
    expect(plain.text).not.toContain("\x1b");
    // Every line fits the width but the marker's two and the status line, which wrap so that the path stays whole.
    const wide = plain.text.split("\n").filter((line) => [...line].length > 40);
    expect(wide.map((line) => line.slice(0, 12))).toEqual(["[... omitted", "[full output", "✓ · 104.4 Ki"]);
    expect(Buffer.byteLength(plain.text)).toBeLessThanOrEqual(8192 + 400);
    const coloured = runCli(["bound", "--spill-dir", spill, "--for", "terminal", "--width", "60"], fixture("ls-color.txt"), { FORCE_COLOR: "1", NO_COLOR: undefined });
    expect(coloured.text).toContain("\x1b[2m");
  });

  test("CJK and emoji are cut by display columns", () => {
    const run = bound("cjk-emoji.txt", "--for", "terminal", "--width", "20");
    expect(run.text).toContain("…");
    expect(run.text).not.toContain("\uFFFD");
  });
});
