// End to end: working with saved outputs as a person would — read on a terminal, --tail, last, grep -C/-c/-l,
// rm, labels in ls, one size figure in ls and gc — through the built binary.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { CORREX, cleanEnv, markerId, runCorrex } from "../spill/run-binary.js";

const numbered = (count: number): string => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join("\n") + "\n";
const newStoreDir = (): string => path.join(fs.mkdtempSync(path.join(tmpdir(), "correx-work-")), "store");

function spillInto(dir: string, input: string | Buffer, extra: string[] = []): string {
  const result = runCorrex(["bound", "--for", "model", "--max-lines", "20", "--spill-dir", dir, ...extra], { input });
  expect(result.status).toBe(0);
  return markerId(result.stdout);
}

describe("read", () => {
  const dir = newStoreDir();
  const older = spillInto(dir, numbered(3000));
  const id = spillInto(dir, `${numbered(5000)}\x1b[31mERROR: boom\x1b[0m\n`);
  const read = (...args: string[]) => runCorrex(["read", ...args, "--spill-dir", dir]);

  test("for a person: cat -n lines and the next command in CLI syntax, not the model's tags", () => {
    expect(read(id, "--for", "terminal", "--offset", "865", "--limit", "2")).toEqual({
      status: 0, stderr: "", stdout: `   865\tline 865\n   866\tline 866\n(lines 865-866 of 5001; more: correx read ${id} --offset 867 --spill-dir ${dir})\n`,
    });
    expect(read(id, "--for", "terminal", "--offset", "5001").stdout).toBe("  5001\tERROR: boom\n(lines 5001-5001 of 5001: end of output)\n");
  });

  test("for a model (a pipe) the read-tool format stays", () => {
    expect(read(id, "--offset", "865", "--limit", "1").stdout).toBe(`<path>${path.join(dir, id)}</path>\n<type>file</type>\n<content>\n865: line 865\n</content>\n(Showing lines 865-865 of 5001. Use offset=866 to continue.)\n`);
  });

  test("--tail N, negative offsets, and last / last~1", () => {
    expect(read(id, "--tail", "2", "--for", "terminal").stdout).toBe("  5000\tline 5000\n  5001\tERROR: boom\n(lines 5000-5001 of 5001: end of output)\n");
    expect(read(id, "--offset", "-3", "--limit", "1", "--for", "terminal").stdout).toBe(`  4999\tline 4999\n(lines 4999-4999 of 5001; more: correx read ${id} --offset 5000 --spill-dir ${dir})\n`);
    expect(read("last", "--tail", "1", "--for", "terminal").stdout).toBe("  5001\tERROR: boom\n(lines 5001-5001 of 5001: end of output)\n");
    expect(read("last~1", "--tail", "1", "--for", "terminal").stdout).toBe("  3000\tline 3000\n(lines 3000-3000 of 3000: end of output)\n");
    expect(read("last~2")).toMatchObject({ status: 1, stderr: `correx: no output last~2 in ${dir}: it holds 2 stored outputs\n` });
    expect(read(older, "--tail", "1", "--offset", "3")).toMatchObject({ status: 2 });
  });

  test("--format json gives lines[] with their numbers and next_offset", () => {
    const json = JSON.parse(read(id, "--offset", "10", "--limit", "2", "--format", "json").stdout);
    expect(json).toMatchObject({ lines: [{ n: 10, text: "line 10" }, { n: 11, text: "line 11" }], next_offset: 12, total_lines: 5001 });
  });

  test("a binary output is summarized; --raw prints its bytes", () => {
    const bytes = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(3000, 0), Buffer.from("tail\n")]);
    const bound = runCorrex(["bound", "--for", "model", "--spill-dir", dir], { input: bytes });
    const binary = /\[full output: .*\/(tool_\w+)\]/.exec(bound.stdout)![1]!;
    const summary = read(binary);
    expect(summary.status).toBe(0);
    expect(summary.stdout).not.toContain("\uFFFD");
    expect(summary.stdout).toMatch(/^binary output: 2\.9 KiB, ELF executable \(sniffed\)\n\[stored at .*; correx read tool_\w+ --raw prints its bytes\]\n$/);
    const raw = spawnSync(process.execPath, [CORREX, "read", binary, "--raw", "--spill-dir", dir], { env: cleanEnv() });
    expect(Buffer.compare(raw.stdout, bytes)).toBe(0);
  });
});

describe("grep", () => {
  const dir = newStoreDir();
  const first = spillInto(dir, `${numbered(3000)}Error: first\nwarning\nERROR: second\n`);
  const second = spillInto(dir, numbered(2500));
  const grep = (...args: string[]) => runCorrex(["grep", ...args, "--spill-dir", dir]);

  test("-A/-B/-C context, with -- between groups apart", () => {
    expect(grep(first, "^error", "-i", "-C", "1").stdout).toBe("Found 2 matches\nLine 3000- line 3000\nLine 3001: Error: first\nLine 3002- warning\nLine 3003: ERROR: second\n");
    expect(grep(second, "^line (10|20)$", "-B", "1").stdout).toBe("Found 2 matches\nLine 9- line 9\nLine 10: line 10\n--\nLine 19- line 19\nLine 20: line 20\n");
    expect(grep(second, "^line 2500$", "-A", "3").stdout).toBe("Found 1 match\nLine 2500: line 2500\n");
  });

  test("-c counts matching lines; -l lists the outputs that match, across all of them", () => {
    expect(grep(first, "-c", "^line 1").stdout).toBe("1111\n");
    expect(grep("all", "-c", "^line 2999$").stdout).toBe(`${second}:0\n${first}:1\n`);
    expect(grep("all", "-l", "^line 2[0-9]{3}$").stdout).toBe(`${second}\n${first}\n`);
    expect(grep("all", "-l", "ERROR")).toEqual({ status: 0, stderr: "", stdout: `${first}\n` });
    expect(grep("all", "-l", "nothing like this")).toEqual({ status: 1, stderr: "", stdout: "" });
    expect(grep("all", "x")).toMatchObject({ status: 2, stderr: "correx: grep all needs -l (the outputs that match) or -c (how many lines match in each)\n" });
  });

  test("all: an output whose record is damaged is skipped and said once; the others are searched", () => {
    const dir2 = newStoreDir();
    const kept = spillInto(dir2, numbered(3000));
    const damaged = spillInto(dir2, numbered(2000));
    fs.writeFileSync(path.join(dir2, `${damaged}.json`), "{broken");
    // the JSON parser's words (V8's) between the path and ": skipped"
    const warning = new RegExp(`^correx: warning: the record of ${damaged} is damaged \\(${path.join(dir2, damaged)}\\.json\\): [^\\n]*JSON[^\\n]*: skipped\\n$`);
    const grepAll = (...args: string[]) => runCorrex(["grep", "all", ...args, "--spill-dir", dir2]);
    expect(grepAll("-c", "^line 1$")).toEqual({ status: 0, stderr: expect.stringMatching(warning), stdout: `${kept}:1\n` });
    expect(grepAll("-l", "^line 1$")).toEqual({ status: 0, stderr: expect.stringMatching(warning), stdout: `${kept}\n` });
  });

  test("all: an output whose data file is missing (its record left) is skipped and said once, as read says it; one rm removed is not", () => {
    const dir2 = newStoreDir();
    const kept = spillInto(dir2, numbered(3000));
    const lost = spillInto(dir2, numbered(2000));
    const removed = spillInto(dir2, numbered(1000));
    fs.rmSync(path.join(dir2, lost));
    expect(runCorrex(["rm", removed, "--spill-dir", dir2]).status).toBe(0);
    const said = `output ${lost} has a record but its data file ${path.join(dir2, lost)} is missing (removed outside correx?)`;
    expect(runCorrex(["read", lost, "--spill-dir", dir2])).toMatchObject({ status: 1, stderr: `correx: ${said}\n` });
    const grepAll = (...args: string[]) => runCorrex(["grep", "all", ...args, "--spill-dir", dir2]);
    expect(grepAll("-c", "^line 1$")).toEqual({ status: 0, stderr: `correx: warning: ${said}: skipped\n`, stdout: `${kept}:1\n` });
    expect(grepAll("-l", "^line 1$")).toEqual({ status: 0, stderr: `correx: warning: ${said}: skipped\n`, stdout: `${kept}\n` });
  });

  test("matches are highlighted for a person when colours are on, never for a model", () => {
    const env = cleanEnv({ FORCE_COLOR: "1" });
    delete env.NO_COLOR;
    expect(runCorrex(["grep", first, "second", "--for", "terminal", "--spill-dir", dir], { env }).stdout).toBe("Found 1 match\nLine 3003: ERROR: \x1b[1;31msecond\x1b[0m\n");
    expect(runCorrex(["grep", first, "second", "--spill-dir", dir], { env }).stdout).toBe("Found 1 match\nLine 3003: ERROR: second\n");
  });

  test("a catastrophic pattern ends at once, on V8's regexps as on RE2: linear time", () => {
    const dir2 = newStoreDir();
    // Over many lines at once, on a line matched on its own (cleaning changes it), with -i (V8 then has no i flag to fall back with).
    const id = spillInto(dir2, `${`${"a".repeat(40)}b\n`.repeat(100)}\x1b[1m${"a".repeat(3000)}b\x1b[0m\n`, ["--no-fold"]);
    for (const args of [["(a+)+$"], ["(a|aa)+$", "-i"], ["\\pL(a+)+$"]]) {
      const result = spawnSync(process.execPath, [CORREX, "grep", id, ...args, "--spill-dir", dir2], { env: cleanEnv(), encoding: "utf8", timeout: 60_000 });
      expect({ args, status: result.status, stdout: result.stdout }).toEqual({ args, status: 1, stdout: "No matches found\n" }); // a backtracking engine: killed at 60 s
    }
  });
});

describe("rm, labels, and one size figure", () => {
  test("rm ID… removes the output and leaves a tombstone that read explains; a missing id exits 1", () => {
    const dir = newStoreDir();
    const keep = spillInto(dir, numbered(100));
    const gone = spillInto(dir, numbered(200));
    expect(runCorrex(["rm", "last", "--spill-dir", dir])).toEqual({ status: 0, stderr: "", stdout: `removed ${gone}\n` });
    expect(fs.readdirSync(dir).filter((name) => name.startsWith(gone))).toEqual([]);
    expect(runCorrex(["read", gone, "--spill-dir", dir]).stderr).toMatch(new RegExp(`^correx: output ${gone} was removed on .* by correx rm`));
    const again = runCorrex(["rm", gone, keep, "--spill-dir", dir]);
    expect(again.status).toBe(1);
    expect(again.stdout).toBe(`removed ${keep}\n`);
    expect(again.stderr).toMatch(new RegExp(`^correx: output ${gone} was removed on`));
  });

  test("rm all is refused, exit 2, saying what empties the store; nothing is removed", () => {
    const dir = newStoreDir();
    const kept = spillInto(dir, numbered(100));
    // it said "'all' names every output: use it with grep -l or grep -c"
    expect(runCorrex(["rm", "all", "--spill-dir", dir])).toEqual({ status: 2, stdout: "", stderr: "correx: 'all' is no id rm takes: it removes the outputs named (to empty the store, correx gc --max-age 0)\n" });
    expect(runCorrex(["rm", kept, "all", "--spill-dir", dir]).status).toBe(2);
    expect(runCorrex(["read", kept, "--limit", "1", "--spill-dir", dir]).status).toBe(0);
    const emptied = runCorrex(["gc", "--max-age", "0", "--spill-dir", dir]);
    expect(emptied.status).toBe(0);
    expect(runCorrex(["ls", "--spill-dir", dir]).stdout).toBe(`No stored outputs in ${dir}\n`);
  });

  test("ls names each output: --label, else the shell command line that piped into bound", () => {
    const dir = newStoreDir();
    const labelled = spillInto(dir, numbered(100), ["--label", "unit tests"]);
    const piped = spawnSync("sh", ["-c", `seq 1 100 | "${process.execPath}" "${CORREX}" bound --for model --max-lines 5 --spill-dir "${dir}"`], { env: cleanEnv(), encoding: "utf8" });
    const pipedId = markerId(piped.stdout);
    const rows = runCorrex(["ls", "--spill-dir", dir]).stdout.split("\n");
    expect(rows[1]).toMatch(new RegExp(`^${pipedId} .* seq 1 100 \\| .*correx.* bound --for model --max-lines 5 --spill-dir .*$`));
    expect(rows[2]).toMatch(new RegExp(`^${labelled} .*  unit tests$`));
  });

  test("ls and gc count the same bytes for an output (data, record, index)", () => {
    const dir = newStoreDir();
    const id = spillInto(dir, numbered(3000));
    const onDisk = fs.readdirSync(dir).filter((name) => name.startsWith(id)).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
    const listed = JSON.parse(runCorrex(["ls", "--format", "json", "--spill-dir", dir]).stdout);
    const collected = JSON.parse(runCorrex(["gc", "--max-age", "0s", "--dry-run", "--format", "json", "--spill-dir", dir]).stdout);
    expect(listed.outputs[0].disk_bytes).toBe(onDisk);
    expect(listed.total_bytes).toBe(onDisk);
    expect(collected.removed[0].size).toBe(onDisk);
  });
});
