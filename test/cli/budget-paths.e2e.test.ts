// Issue 11, "every budget holds on every path": the written output of the built binary, for each path that escaped
// the property tests; a budget too small for the marker or envelope is exit 2 naming the smallest budget that works.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { countLines, estimateTokens } from "../../src/bound/budget.js";
import { CORREX, runCli } from "./cli-process.js";

const root = mkdtempSync(join(tmpdir(), "correx-budget-"));
const spill = join(root, "spill");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const tabbed = Array.from({ length: 20_000 }, (_, index) => `\tline ${index} with "quotes"\tand tabs ${"x".repeat(index % 300)}\n`).join("");
const seq = (count: number): string => Array.from({ length: count }, (_, index) => `${index + 1}\n`).join("");
const bound = (args: string[], input: string | Buffer) => runCli(["bound", "--spill-dir", spill, ...args], input);

describe("every budget holds on what is written", () => {
  test("--style opencode --format json stays within 51,200 bytes of JSON; --max-lines 321 within 321 lines", () => {
    const json = bound(["--style", "opencode", "--format", "json"], tabbed);
    expect(json.code).toBe(0);
    expect(json.stdout.length).toBeLessThanOrEqual(51_200);
    expect(JSON.parse(json.text).data).toContain("... output truncated; full content saved to");
    const lines = bound(["--style", "opencode", "--max-lines", "321"], tabbed);
    expect(countLines(lines.text)).toBeLessThanOrEqual(321);
    expect(lines.text).toContain("... output truncated; full content saved to");
  });

  test("the terminal projection's 8 KiB and its line budget include the status line", () => {
    const terminal = bound(["--for", "terminal"], seq(100_000));
    expect(terminal.stdout.length).toBeLessThanOrEqual(8192);
    expect(terminal.text).toMatch(/✓ · .*100000 lines · \d+ lines omitted/);
    const ten = bound(["--for", "terminal", "--max-lines", "10"], seq(100_000));
    expect(countLines(ten.text)).toBe(10);
    expect(ten.text.split("\n").at(-2)).toMatch(/^✓ /);
  });

  test.each([
    [["--to", "mcp", "--max-bytes", "200"], 200],
    [["--format", "json", "--max-bytes", "100"], 100],
    [["--to", "openai-chat", "--call-id", "call_1", "--max-bytes", "50"], 50],
  ])("%j: too small for the envelope and marker, exit 2 naming the smallest budget, which then works", (args, limit) => {
    const refused = bound(args, seq(100_000));
    expect({ code: refused.code, stdout: refused.text }).toEqual({ code: 2, stdout: "" });
    const needed = Number(/the smallest budget that works is --max-bytes (\d+)/.exec(refused.stderr)?.[1]);
    expect(needed).toBeGreaterThan(limit);
    const works = bound(args.map((arg) => (arg === String(limit) ? String(needed) : arg)), seq(100_000));
    expect(works.code).toBe(0);
    expect(works.stdout.length).toBeLessThanOrEqual(needed);
    expect(works.text).toContain("[... omitted 100000 lines");
    expect(bound(args.map((arg) => (arg === String(limit) ? String(needed - 1) : arg)), seq(100_000)).code).toBe(2);
  });

  test("nothing is left in the store when the budget is refused", () => {
    const store = join(root, "refused");
    const refused = runCli(["bound", "--spill-dir", store, "--to", "mcp", "--max-bytes", "200"], seq(100_000));
    expect(refused.code).toBe(2);
    expect(existsSync(store) ? readdirSync(store).filter((name) => name.startsWith("tool_")) : []).toEqual([]);
  });

  test("--max-tokens holds on the written JSON (tab-heavy text)", () => {
    const run = bound(["--format", "json", "--max-tokens", "10000"], tabbed);
    expect(run.code).toBe(0);
    expect(estimateTokens(run.text)).toBeLessThanOrEqual(10_000);
    expect(JSON.parse(run.text).meta.truncated).toBe(true);
  });

  test("a bash result bounded to --max-lines 3 never reads as 'no output'", () => {
    const result = JSON.stringify({ ok: true, tool: "bash", data: "1\n2\n3\n4\n5\n", meta: { exit_code: 0 } });
    // `bound` reads only envelopes by itself: --from rind says this is a tool result.
    const refused = bound(["--from", "rind", "--max-lines", "3"], result);
    expect(refused.code).toBe(2);
    expect(refused.text).toBe("");
    expect(refused.stderr).toContain("the smallest budget that works is --max-lines 4");
    const four = bound(["--from", "rind", "--max-lines", "4"], result);
    expect(four.text).toMatch(/^\[\.\.\. omitted 5 lines.*\n\[full output: .*\n\nCommand exited with code 0\.\n$/);
  });
});

describe("idempotence and --raw", () => {
  test("every leading BOM is dropped: one pass equals two", () => {
    const once = bound([], Buffer.from("\xef\xbb\xbf\xef\xbb\xbfhi\n", "latin1"));
    expect(once.text).toBe("hi\n");
    expect(bound([], once.stdout).text).toBe(once.text);
  });

  test("--keep-ansi keeps a reset where it is", () => {
    expect(bound(["--keep-ansi"], "abc\x1b[0m\n").text).toBe("abc\x1b[0m\n");
  });

  test("--raw keeps the bytes as they came: the BOM stays, UTF-16 is not transcoded (still valid UTF-8 out)", () => {
    expect(bound(["--raw"], Buffer.from("\xef\xbb\xbfhi\n", "latin1")).stdout).toEqual(Buffer.from("\xef\xbb\xbfhi\n", "latin1"));
    const utf16 = bound(["--raw"], Buffer.from("\xff\xfeh\x00i\x00\n\x00", "latin1"));
    expect(utf16.text).toBe("\ufffd\ufffdh\x00i\x00\n\x00");
    expect(bound([], Buffer.from("\xff\xfeh\x00i\x00\n\x00", "latin1")).text).toBe("hi\n");
  });
});

describe("nothing left behind", () => {
  test("a discarded stdout is no error: /dev/null as the shell opens it, and read-write as harnesses open it (Python's DEVNULL, Node's ignore)", () => {
    // the bundle's path (an escape to clean) and the pass-through's (plain "hi")
    for (const input of ["\x1b[1mhi\x1b[0m", "hi"]) {
      const discarded = spawnSync("sh", ["-c", `printf '${input}\\n' | "${process.execPath}" "${CORREX}" bound >/dev/null`], { encoding: "utf8" });
      expect([discarded.status, discarded.stderr]).toEqual([0, ""]);
      // read-write: also what Node puts in place of a stdout closed at start (`>&-`), which cannot be told apart
      const ignored = spawnSync(process.execPath, [CORREX, "bound", "--no-spill"], { input: `${input}\n`, stdio: ["pipe", "ignore", "pipe"], encoding: "utf8" });
      expect([ignored.status, ignored.stderr]).toEqual([0, ""]);
      // /dev/full, a character device but no terminal, is a write that fails: exit 74 with the reason
      const full = spawnSync("sh", ["-c", `printf '${input}\\n' | "${process.execPath}" "${CORREX}" bound >/dev/full`], { encoding: "utf8" });
      expect(full.status).toBe(74);
      expect(full.stderr).toContain("cannot write output");
    }
    const closed = spawnSync("sh", ["-c", `echo hi | "${process.execPath}" "${CORREX}" bound >&-`], { encoding: "utf8" });
    expect([closed.status, closed.stderr]).toEqual([0, ""]);
  });
});
