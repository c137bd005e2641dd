// `correx bound` end to end: the built binary, real stdin, stdout, stderr and exit codes.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { estimateTokens } from "../../src/bound/budget.js";
import { CORREX, runCli } from "./cli-process.js";

const root = mkdtempSync(join(tmpdir(), "correx-e2e-"));
const spill = join(root, "spill");
afterAll(() => {
  chmodSync(root, 0o700);
  rmSync(root, { recursive: true, force: true });
});

const numbered = (count: number): string => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join("\n") + "\n";

describe("correx bound", () => {
  test("output that fits passes through byte for byte", () => {
    const input = "hello\nwörld 😀\n";
    const run = runCli(["bound", "--spill-dir", spill], input);
    expect(run.code).toBe(0);
    expect(run.text).toBe(input);
    expect(run.stderr).toBe("");
  });

  test("under a small budget the marker's read command pages within it: lines (its frame's five included), bytes and tokens, final newline and all", () => {
    const input = numbered(20_000).replace(/\n/g, ": error: expected ; before token\n");
    const run = runCli(["bound", "--spill-dir", spill, "--max-lines", "100", "--max-bytes", "3000", "--max-tokens", "700"], input);
    const read = /read the omitted part with: correx read (tool_\w+) --spill-dir \S+ --offset (\d+) --limit 95 --max-bytes 3000 --max-tokens 700, or: sed/.exec(run.text);
    expect(read, run.text).not.toBeNull();
    const [, id, offset] = read!;
    const page = runCli(["read", id!, "--spill-dir", spill, "--offset", offset!, "--limit", "95", "--max-bytes", "3000", "--max-tokens", "700"]).text;
    expect(page).toContain(`\n${offset}: line ${offset}: error`);
    expect(page).toMatch(/Use offset=\d+ to continue\.\)\n$/);
    expect(Buffer.byteLength(page)).toBeLessThanOrEqual(3000);
    expect(page.split("\n").length - 1).toBeLessThanOrEqual(100);
    expect(estimateTokens(page)).toBeLessThanOrEqual(700);
    expect(estimateTokens(page)).toBeGreaterThan(600);
    // a byte budget alone holds the whole page, the newline written after it included
    for (const maxBytes of [256, 1000, 4096]) {
      expect(Buffer.byteLength(runCli(["read", id!, "--spill-dir", spill, "--offset", offset!, "--max-bytes", String(maxBytes)]).text)).toBeLessThanOrEqual(maxBytes);
    }
  });

  test("a long log keeps its head and its end, with a marker that says how to read the rest", () => {
    const input = numbered(100_000);
    const run = runCli(["bound", "--spill-dir", spill], input);
    expect(run.code).toBe(0);
    const lines = run.text.split("\n");
    expect(lines[0]).toBe("line 1");
    expect(lines.at(-2)).toBe("line 100000");
    expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(51200);
    const marker = /\[\.\.\. omitted (\d+) lines, (\d+) bytes: lines (\d+)-(\d+) of 100000 lines \((\d+) bytes in all\) \.\.\.\]\n\[full output: (\S+); read the omitted part with: correx read (tool_\w+) --spill-dir \S+ --offset (\d+), or: sed -n '(\d+),(\d+)p' (\S+)\]/.exec(run.text);
    expect(marker).not.toBeNull();
    const [, omitted, , from, to, total, path, id, offset] = marker!;
    expect(Number(total)).toBe(Buffer.byteLength(input));
    expect(Number(to) - Number(from) + 1).toBe(Number(omitted));
    expect(offset).toBe(from);
    expect(readFileSync(path!, "utf8")).toBe(input);
    const page = runCli(["read", id!, "--offset", from!, "--limit", "3", "--spill-dir", spill]);
    expect(page.code).toBe(0);
    expect(page.text).toBe(
      `<path>${path}</path>\n<type>file</type>\n<content>\n${from}: line ${from}\n${Number(from) + 1}: line ${Number(from) + 1}\n${Number(from) + 2}: line ${Number(from) + 2}\n</content>\n(Showing lines ${from}-${Number(from) + 2} of 100000. Use offset=${Number(from) + 3} to continue.)\n`,
    );
    const json = JSON.parse(runCli(["read", id!, "--offset", "99999", "--format", "json", "--spill-dir", spill]).text);
    expect(json.next_offset).toBeUndefined();
    expect(json.text).toContain("(End of file - total 100000 lines)");
  });

  test("--format json prints the payload with meta, within the budget", () => {
    const run = runCli(["bound", "--format", "json", "--max-bytes", "2000", "--spill-dir", spill], numbered(5000));
    expect(run.code).toBe(0);
    expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(2000);
    const payload = JSON.parse(run.text);
    expect(payload.ok).toBe(true);
    expect(payload.meta).toMatchObject({ truncated: true, total_lines: 5000, total_bytes: Buffer.byteLength(numbered(5000)), source_shape: "text" });
    expect(payload.meta.output_path).toMatch(/tool_\w+$/);
    expect(payload.data).toContain("line 5000");
  });

  test("--format json at a small budget still shows lines: the envelope reserves a saved spill's fields or its error, not both", () => {
    // a listing of paths (as `find` prints them): at 1,200 bytes the payload had room only for the marker
    const listing = Array.from({ length: 4000 }, (_, index) => `/usr/lib/python3/dist-packages/module_${index}/__init__.py`).join("\n") + "\n";
    for (const budget of [1200, 2000]) {
      const run = runCli(["bound", "--format", "json", "--max-bytes", String(budget), "--spill-dir", spill], listing);
      expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(budget);
      const payload = JSON.parse(run.text);
      expect(payload.meta.shown.length, `${budget}`).toBeGreaterThan(0);
      expect(Buffer.byteLength(run.text)).toBeGreaterThan(budget * 0.65);
    }
  });

  test("invalid UTF-8 and NUL-free control bytes come out as valid UTF-8", () => {
    const input = Buffer.concat([Buffer.from("ok "), Buffer.from([0xff, 0xc3]), Buffer.from(" done\n".repeat(200))]);
    const run = runCli(["bound", "--no-spill"], input);
    expect(run.code).toBe(0);
    expect(run.stdout.toString("utf8")).toContain("ok \uFFFD\uFFFD done");
    expect(Buffer.from(run.text, "utf8").equals(run.stdout)).toBe(true);
  });

  test("a read-only spill directory still yields the projection, which says why nothing was saved", () => {
    const readOnly = join(root, "ro");
    runCli(["bound", "--spill-dir", readOnly], "x\n");
    spawnSync("mkdir", ["-p", readOnly]);
    chmodSync(readOnly, 0o500);
    const run = runCli(["bound", "--spill-dir", readOnly, "--max-lines", "10"], numbered(100));
    expect(run.code).toBe(0);
    expect(run.text).toContain("line 100");
    if (process.getuid?.() !== 0) expect(run.text).toMatch(/\[full output not saved: cannot create .*permission denied \(EACCES\)\]/);
  });

  test("a spill directory that cannot be made (even as root) still yields the projection, which says why", () => {
    const file = join(root, "a-file");
    writeFileSync(file, "not a directory\n");
    const run = runCli(["bound", "--spill-dir", join(file, "spill"), "--max-lines", "10"], numbered(100));
    expect(run.code).toBe(0);
    expect(run.text).toContain("line 100");
    expect(run.text).toMatch(/\[full output not saved: cannot use .*a-file\/spill: .*ENOTDIR.*\]/);
  });

  test("--no-spill says the output was not saved", () => {
    const run = runCli(["bound", "--no-spill", "--max-lines", "10"], numbered(100));
    expect(run.text).toContain("[full output not saved (--no-spill)]");
  });

  test.each([
    [["bound", "--max-lines", "ten"], "invalid value for --max-lines: 'ten' (accepts a whole number >= 1)"],
    [["bound", "--max-tokens", "99999999999999999"], "invalid value for --max-tokens: '99999999999999999' (accepts a whole number from 1 to 9007199254740991)"],
    [["bound", "--keep", "middle"], "invalid value for --keep: 'middle' (accepts: head, tail, both)"],
    [["bound", "--head-ratio", "2"], "invalid value for --head-ratio: '2' (accepts a number from 0 to 1, e.g. 0.2)"],
    [["bound", "--to", "openai"], "invalid value for --to: 'openai'"],
    [["bound", "--bogus"], "unknown option '--bogus'"],
    [["bound", "--salience", "yes"], "invalid value for --salience: 'yes' (accepts: on, off)"],
  ])("bad flags exit 2 naming the flag: %j", (args, message) => {
    const run = runCli(args, "x\n");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.text).toBe("");
  });

  test("an id that is not an id is refused before any path is built", () => {
    const run = runCli(["read", "../../etc/passwd", "--spill-dir", spill]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("invalid output id: '../../etc/passwd'");
  });

  test("a closed stdout (| head -1) ends quietly", () => {
    const big = join(root, "big.txt");
    writeFileSync(big, numbered(300_000));
    const result = spawnSync("bash", ["-c", `node ${CORREX} bound --max-bytes 100000000 --max-lines 100000000 --no-spill < ${big} | head -1; echo "status=\${PIPESTATUS[0]}"`], { encoding: "utf8" });
    expect(result.stdout).toBe("line 1\nstatus=0\n");
    expect(result.stderr).toBe("");
  });
});
