// The pass-through bin/correx runs before the bundle (cli/pass-through.ts): every input it passes through is what
// `correx bound` at its defaults writes for it, checked against boundInput (the bundle's path) on random inputs
// made to sit at the rule's edges: repeated lines about to fold, blanks, tabs, JSON-looking starts, the size and
// line limits, a byte that needs cleaning.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { parseBoundArgs } from "../../src/cli/command-args.js";
import { boundOptionSpecs } from "../../src/cli/option-specs.js";
import { boundInput } from "../../src/cli/bound-input.js";
import { neutralArgs, PASS_BYTES, PASS_LINES, passesThrough } from "../../src/cli/pass-through.js";
import { createRandom, type Random } from "../fuzz/generate.js";
import { CORREX } from "./cli-process.js";

const dir = mkdtempSync(join(tmpdir(), "correx-pass-through-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What `correx bound ARGS` (none: its defaults) writes for `bytes` (stdout a pipe, no config file), and its warnings. */
async function bounded(bytes: Buffer, args: string[] = []): Promise<{ text: string; warnings: string[] }> {
  const parsed = parseBoundArgs(args)!.raw;
  const raw = { ...parsed, spillDir: parsed.spillDir ?? join(dir, "store") };
  const env = { XDG_CONFIG_HOME: join(dir, "config"), XDG_STATE_HOME: join(dir, "state"), NO_COLOR: undefined };
  const chunks = (async function* () {
    yield bytes;
  })();
  const result = await boundInput(raw, chunks, { stdoutIsTTY: false, columns: undefined, env });
  if ("batch" in result) throw new Error("no batch without --to");
  return result;
}

const WORDS = ["", "", "a", "ok", "hello world", "\tindented", "  two", "x = 1;", "{", "[", " {\"a\": 1}", "}", "error: failed", "#".repeat(40)];
const BAD = ["\r", "\x1b[1m", "\x00", "\x7f", "é", "\x08", "\v"];

/** A line: a word, a long run of one letter, or random printable ASCII. */
function line(random: Random): string {
  const roll = random.next();
  if (roll < 0.7) return random.pick(WORDS);
  if (roll < 0.8) return "z".repeat(random.integer(1, 80));
  return Array.from({ length: random.integer(0, 30) }, () => String.fromCharCode(random.integer(0x20, 0x7e))).join("");
}

/** An input at the rule's edges: runs of one line (some long enough to fold), many lines, a bad byte now and then. */
function input(random: Random): Buffer {
  const lines: string[] = [];
  const target = random.pick([3, 10, 60, 300, 1001]);
  while (lines.length < target) {
    const text = line(random);
    for (let copies = random.chance(0.1) ? random.integer(2, 40) : 1; copies > 0; copies -= 1) lines.push(text);
  }
  let text = lines.join("\n") + (random.chance(0.8) ? "\n" : "");
  if (random.chance(0.1)) text = text.padEnd(random.integer(PASS_BYTES - 40, PASS_BYTES + 40), "q");
  if (random.chance(0.1)) {
    const at = random.integer(0, text.length);
    text = text.slice(0, at) + random.pick(BAD) + text.slice(at);
  }
  return Buffer.from(text);
}

/** Neutral flags as a harness gives them: some of them, in any order, as `--flag value` or `--flag=value`. */
function neutralFlags(random: Random): string[] {
  const values: [string, string | undefined][] = [["--no-spill", undefined], ["--spill-dir", join(dir, "other")], ["--for", "model"], ["--format", "text"],
    ["--salience", random.pick(["on", "off"])], ["--max-bytes", String(random.pick([PASS_BYTES, PASS_BYTES + 1, 51200, 1048576, "8KiB", "50KiB", "1MB", " 9000"]))],
    ["--max-lines", String(random.pick([PASS_LINES, PASS_LINES + 1, 2000, 100000, " 1000"]))]];
  const args: string[] = [];
  for (const [flag, value] of values) {
    if (!random.chance(0.5)) continue;
    if (value === undefined) args.push(flag);
    else if (random.chance(0.5)) args.push(`${flag}=${value}`);
    else args.push(flag, value);
  }
  return args;
}

describe("pass-through", () => {
  test("with neutral flags, every input it passes through is what bound with those flags writes (400 random inputs and flag sets)", async () => {
    const random = createRandom(20261202);
    let passed = 0;
    for (let run = 0; run < 400; run += 1) {
      const bytes = input(random);
      const args = neutralFlags(random);
      expect(neutralArgs(args), args.join(" ")).toBe(true);
      if (!passesThrough(bytes)) continue;
      passed += 1;
      const result = await bounded(bytes, args);
      expect(result.text, `${args.join(" ")}: ${JSON.stringify(bytes.toString("latin1").slice(0, 200))}`).toBe(bytes.toString("latin1"));
      expect(result.warnings).toEqual([]);
    }
    expect(passed).toBeGreaterThan(60);
  });

  test("flags that may change the output, values bound reads otherwise or refuses, files: not neutral", () => {
    const refused = [["--max-lines", String(PASS_LINES - 1)], ["--max-bytes", String(PASS_BYTES - 1)], ["--max-bytes", "7KiB"], ["--max-bytes", "8kb"],
      ["--max-bytes", "50 parsecs"], ["--max-lines", "1e4"], ["--max-bytes", "9".repeat(20)], ["--for", "terminal"], ["--format", "json"], ["--salience", "On"], ["--spill-dir", ""], ["--spill-dir"], ["--no-spill=1"],
      ["--no-fold"], ["--to", "anthropic"], ["--max-tokens", "100000"], ["file.txt"], ["-"], ["--"], ["--help"], ["--max-lines"]];
    for (const args of refused) expect(neutralArgs(args), args.join(" ")).toBe(false);
    expect(neutralArgs([])).toBe(true);
    // a value is the next argument whatever it is, as command-args.ts and commander read it
    expect(neutralArgs(["--spill-dir", "--no-fold"])).toBe(true);
  });

  test("bin/correx loads the pass-through for every flag that can be neutral (its own list), and for no other", () => {
    const names = /const PASS_THROUGH_FLAGS = \/\^--\(\?:([\w|-]+)\)/.exec(readFileSync(CORREX, "utf8"))?.[1]?.split("|").map((name) => `--${name}`);
    expect(names).toBeDefined();
    const values = ["model", "text", "on", String(PASS_BYTES), String(PASS_LINES), join(dir, "store")];
    const neutral = boundOptionSpecs().map((spec) => spec.flags.split(" ")[0]!).filter((flag) => neutralArgs([flag]) || values.some((value) => neutralArgs([flag, value])));
    expect([...names!].sort()).toEqual(neutral.sort());
  });

  test("every input it passes through is what bound at its defaults writes, unchanged and without a warning (1,000 random inputs)", async () => {
    const random = createRandom(20261201);
    let passed = 0;
    for (let run = 0; run < 1000; run += 1) {
      const bytes = input(random);
      if (!passesThrough(bytes)) continue;
      passed += 1;
      const result = await bounded(bytes);
      expect(result.text, JSON.stringify(bytes.toString("latin1").slice(0, 300))).toBe(bytes.toString("latin1"));
      expect(result.warnings).toEqual([]);
    }
    // enough of them pass for the check to mean something (the rest are refused: a limit, a fold, a bad byte, JSON)
    expect(passed).toBeGreaterThan(150);
  });

  test("it refuses what bound changes or may change: a byte to clean, a start like JSON, a fold, too many bytes or lines", async () => {
    const refused = ["a\r\nb\n", "\x1b[31mred\x1b[0m\n", "a\0b\n", "caf\xc3\xa9\n", " \n\t{\"a\": 1}\n", "[1, 2]\n", `${"\n".repeat(40)}`, `${"same\n".repeat(9)}`,
      `${"a".repeat(PASS_BYTES)}\n`, `${"x\ny\n".repeat(501)}`];
    for (const text of refused) expect(passesThrough(Buffer.from(text, "latin1")), JSON.stringify(text.slice(0, 40))).toBe(false);
    // each of these bound does change (the rest are refused by a limit, kept far inside bound's own)
    for (const text of refused.slice(0, 3)) expect((await bounded(Buffer.from(text, "latin1"))).text).not.toBe(text);
    expect((await bounded(Buffer.from("same\n".repeat(9)))).text).not.toBe("same\n".repeat(9));
  });

  test("it passes ordinary output, and repeats up to where they would fold: bound leaves each unchanged", async () => {
    const lines = Array.from({ length: 1000 }, (_, index) => `${index}\n`).join("");
    // 37 repeats of a blank line and 12 of "ok" are 37 and 36 bytes: a note would take more; one more "ok" folds
    const texts = ["hi\n", "", "hi", "a\tb\n\n\nc  \n", "\n".repeat(38), "ok\n".repeat(13), "same\nsame\nsame\n", "x = {\n}\n", lines];
    for (const text of texts) {
      expect(passesThrough(Buffer.from(text)), JSON.stringify(text.slice(0, 40))).toBe(true);
      expect((await bounded(Buffer.from(text))).text).toBe(text);
    }
    expect(passesThrough(Buffer.from("ok\n".repeat(14)))).toBe(false);
    expect((await bounded(Buffer.from("ok\n".repeat(15)))).text).not.toBe("ok\n".repeat(15));
  });
});
