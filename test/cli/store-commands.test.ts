// End to end: bound spills, then read / grep / ls / gc on the store, through the built binary.
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { createId } from "../../src/spill/ids.js";
import { SpillStore } from "../../src/spill/store.js";
import { addOutput } from "../spill/helpers.js";
import { cleanEnv, markerId, runCorrex } from "../spill/run-binary.js";

const numbered = (count: number): string => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join("\n") + "\n";
const newStoreDir = (): string => path.join(fs.mkdtempSync(path.join(tmpdir(), "correx-e2e-")), "store");

/** Bounds `input` into a new store; returns the store dir, the id and bound's stdout. */
function spill(input: string, extra: string[] = []): { dir: string; id: string; stdout: string } {
  const dir = newStoreDir();
  const result = runCorrex(["bound", "--for", "model", "--max-lines", "20", "--spill-dir", dir, ...extra], { input });
  expect(result.status).toBe(0);
  return { dir, id: markerId(result.stdout), stdout: result.stdout };
}

describe("read", () => {
  test("pages the spilled output; escapes stripped unless --raw", () => {
    const { dir, id } = spill(`${numbered(5000)}\x1b[31mERROR: boom\x1b[0m\n`);
    const page = runCorrex(["read", id, "--spill-dir", dir, "--offset", "4999", "--limit", "5"]);
    expect(page).toEqual({ status: 0, stderr: "", stdout: `<path>${path.join(dir, id)}</path>\n<type>file</type>\n<content>\n4999: line 4999\n5000: line 5000\n5001: ERROR: boom\n</content>\n(End of file - total 5001 lines)\n` });
    expect(runCorrex(["read", id, "--spill-dir", dir, "--offset", "5001", "--raw"]).stdout).toContain("5001: \x1b[31mERROR: boom\x1b[0m\n");
    const json = JSON.parse(runCorrex(["read", id, "--spill-dir", dir, "--offset", "10", "--limit", "2", "--format", "json"]).stdout);
    expect(json).toMatchObject({ id, from_line: 10, to_line: 11, total_lines: 5001, next_offset: 12 });
  });

  test("--offset counts from the end when negative; 0 and what is not a line number are usage errors that say so", () => {
    const { dir, id } = spill(numbered(50));
    expect(runCorrex(["read", id, "--spill-dir", dir, "--offset=-2", "--format", "json"]).stdout).toContain('"from_line":49');
    for (const offset of ["0", "-0", "1.5", "abc", "+3"]) {
      expect(runCorrex(["read", id, "--spill-dir", dir, `--offset=${offset}`]), offset).toEqual({
        status: 2, stdout: "", stderr: `correx: invalid value for --offset: '${offset}' (accepts a line number: 1 is the first line, -1 the last)\n`,
      });
    }
  });

  test("--projection replays exactly what bound wrote, even when the defaults have changed", () => {
    const { dir, id, stdout } = spill(numbered(3000));
    expect(runCorrex(["read", id, "--projection", "--spill-dir", dir])).toEqual({ status: 0, stderr: "", stdout });
    const rebound = runCorrex(["bound", "--for", "model", "--max-lines", "50", "--no-spill"], { input: numbered(3000) });
    expect(rebound.stdout).not.toBe(stdout);
    expect(runCorrex(["read", id, "--projection", "--spill-dir", dir, "--format", "json"]).stdout).toBe(`${JSON.stringify({ id, projection: stdout })}\n`);
  });

  test("past the per-output cap: the page says so, lines never saved exit 1 and say why", () => {
    const { dir, id } = spill(numbered(5000), ["--max-output", "1KiB"]);
    const end = runCorrex(["read", id, "--spill-dir", dir, "--offset", "100", "--limit", "1000"]);
    expect(end.status).toBe(0);
    expect(end.stdout).toMatch(/\(End of file - total \d+ lines\)\n\(Only the first 1\.0 KiB of the output were saved: the per-output cap kept the last \d+ bytes out\.\)\n$/);
    const past = runCorrex(["read", id, "--spill-dir", dir, "--offset", "4000"]);
    expect(past.status).toBe(1);
    expect(past.stderr).toMatch(new RegExp(`^correx: line 4000 of output ${id} was never saved: the per-output cap stopped the spill after 1\\.0 KiB \\(\\d+ lines\\); the last \\d+ bytes were not saved\\n$`));
  });

  test("a binary output past the per-output cap: bound's summary and read's say how much was saved", () => {
    const dir = newStoreDir();
    const bytes = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(5000, 0)]);
    const bound = runCorrex(["bound", "--for", "model", "--spill-dir", dir, "--max-output", "1KiB"], { input: bytes });
    expect(bound.status).toBe(0);
    expect(bound.stdout).toMatch(/^binary output: 4\.9 KiB, ELF executable \(sniffed\)\n\[full output: \S+\/tool_\w+ \(only the first 1024 bytes were saved: the per-output cap stopped 3984 bytes\)\]\n$/);
    const id = /(tool_\w+)/.exec(bound.stdout)![1]!;
    expect(runCorrex(["read", id, "--spill-dir", dir]).stdout).toBe(
      `binary output: 1.0 KiB, ELF executable (sniffed)\n[stored at ${path.join(dir, id)} (only the first 1024 bytes were saved: the per-output cap stopped 3984 bytes); correx read ${id} --raw prints its bytes]\n`,
    );
    expect(JSON.parse(runCorrex(["read", id, "--spill-dir", dir, "--format", "json"]).stdout)).toMatchObject({ size: 1024, not_saved_bytes: 3984 });
  });

  test("an invalid id is a usage error before any path is built", () => {
    expect(runCorrex(["read", "../../etc/passwd", "--spill-dir", newStoreDir()])).toEqual({
      status: 2, stdout: "", stderr: "correx: invalid output id: '../../etc/passwd' (accepts a whole id such as tool_01jdq3v2m8x4k7c9r5t0w2y6ab, as printed in a marker, or last, last~1, … for the newest outputs)\n",
    });
  });

  test("an id cut short, or a misspelt alias, is told the whole id or last (it was told only 'an id such as tool_…')", () => {
    const { dir, id } = spill(numbered(50));
    expect(runCorrex(["read", id.slice(0, 12), "--spill-dir", dir])).toEqual({
      status: 2, stdout: "", stderr: `correx: invalid output id: '${id.slice(0, 12)}' (it is shorter than an id, and ids are never matched by their start: accepts a whole id such as tool_01jdq3v2m8x4k7c9r5t0w2y6ab, as printed in a marker, or last, last~1, … for the newest outputs)\n`,
    });
    for (const command of [["grep", "latest", "x"], ["rm", "latest"]]) {
      expect(runCorrex([...command, "--spill-dir", dir]).stderr).toBe("correx: invalid output id: 'latest' (accepts a whole id such as tool_01jdq3v2m8x4k7c9r5t0w2y6ab, as printed in a marker, or last, last~1, … for the newest outputs)\n");
    }
  });

  test("an output still being written (or whose writer was killed) says so and where its bytes are, exit 1", () => {
    const dir = newStoreDir();
    const store = new SpillStore(dir);
    store.prepare();
    const id = addOutput(store, Date.now(), "half", { record: false });
    expect(runCorrex(["read", id, "--spill-dir", dir])).toEqual({
      status: 1, stdout: "", stderr: `correx: output ${id} has no record yet: it is still being written (try again when its command has finished), or the correx that wrote it was killed (gc removes it once its last write is an hour old); the bytes saved so far: ${store.dataPath(id)}\n`,
    });
  });
});

describe("grep", () => {
  const { dir, id } = spill(`${numbered(3000)}Error: first\nwarning\nERROR: second\n`);

  test("Found N matches, Line N: text; exit 0", () => {
    expect(runCorrex(["grep", id, "^error", "-i", "--spill-dir", dir])).toEqual({ status: 0, stderr: "", stdout: "Found 2 matches\nLine 3001: Error: first\nLine 3003: ERROR: second\n" });
  });

  test("capped at --max with how many more", () => {
    expect(runCorrex(["grep", id, "line 29[0-9]{2}$", "--max", "2", "--spill-dir", dir]).stdout).toBe(
      "Found 100 matches (showing first 2)\nLine 2900: line 2900\nLine 2901: line 2901\n\n(Results truncated: showing 2 of 100 matches (98 hidden). Use --max N or a more specific pattern.)\n",
    );
  });

  test("-F takes the pattern literally; no match exits 1 like grep", () => {
    expect(runCorrex(["grep", id, "line 1.", "-F", "--spill-dir", dir])).toEqual({ status: 1, stderr: "", stdout: "No matches found\n" });
    expect(runCorrex(["grep", id, "line 1.", "--spill-dir", dir]).status).toBe(0);
  });

  test("json", () => {
    const result = runCorrex(["grep", id, "second", "--format", "json", "--spill-dir", dir]);
    expect(JSON.parse(result.stdout)).toEqual({ id, path: path.join(dir, id), pattern: "second", flags: "", total_matches: 1, shown: 1, matches: [{ line: 3003, text: "ERROR: second", column: 7, length: 6 }], total_lines: 3003 });
  });

  test("an invalid pattern is a usage error (exit 2) naming it", () => {
    const result = runCorrex(["grep", id, "(unclosed", "--spill-dir", dir]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^correx: invalid value for PATTERN: '\(unclosed' \(accepts an RE2 regular expression, as grep -E mostly: no backreferences or lookaround, which cannot run in linear time; or a literal string with -F: .*\)\n$/);
  });
});

describe("ls", () => {
  test("newest first, text and json; a missing store is empty", () => {
    const { dir, id } = spill(numbered(3000), ["--tool", "bash"]);
    const store = new SpillStore(dir);
    const older = addOutput(store, Date.now() - 2 * 3_600_000, "a\n", { fields: { command: "make", exit_code: 2 } });
    const text = runCorrex(["ls", "--spill-dir", dir]);
    expect(text.status).toBe(0);
    const rows = text.stdout.split("\n");
    expect(rows[0]).toMatch(/^ID +SIZE +LINES +AGE +EXIT +COMMAND$/);
    expect(rows[1]).toMatch(new RegExp(`^${id} +\\d+\\.\\d KiB +3000 +\\d+s +- +\\[bash\\]$`));
    expect(rows[2]).toMatch(new RegExp(`^${older} +\\d+ B +1 +2h +2 +make$`));
    expect(rows[3]).toMatch(new RegExp(`^2 outputs, [\\d.]+ KiB on disk in ${dir} \\(what the quota counts\\)$`));
    const json = JSON.parse(runCorrex(["ls", "--spill-dir", dir, "--format", "json"]).stdout);
    expect(json.outputs.map((output: { id: string }) => output.id)).toEqual([id, older]);
    expect(json.outputs[1]).toEqual({ id: older, status: "stored", created: new Date(Date.parse(json.outputs[1].created)).toISOString(), size: 2, disk_bytes: fs.statSync(path.join(dir, older)).size + fs.statSync(path.join(dir, `${older}.json`)).size, path: path.join(dir, older), lines: 1, command: "make", exit_code: 2 });
    expect(runCorrex(["ls", "--spill-dir", path.join(dir, "none")]).stdout).toBe(`No stored outputs in ${path.join(dir, "none")}\n`);
  });
});

describe("gc", () => {
  test("--dry-run removes nothing; then expiry leaves tombstones that read and grep explain, exit 1", () => {
    const { dir, id } = spill(numbered(3000));
    const dry = runCorrex(["gc", "--dry-run", "--max-age", "0s", "--spill-dir", dir, "--format", "json"]);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, removed: [{ id, reason: "expired", detail: "0 seconds" }], kept: { outputs: 0, bytes: 0 } });
    expect(runCorrex(["read", id, "--spill-dir", dir]).status).toBe(0);
    const collected = runCorrex(["gc", "--max-age", "0s", "--spill-dir", dir]);
    expect(collected.status).toBe(0);
    expect(collected.stdout).toMatch(new RegExp(`^removed ${id}  [\\d.]+ KiB  created .* UTC  expired \\(older than 0 seconds\\)\\nRemoved 1 output \\([\\d.]+ KiB\\): 1 expired\\.\\nKept 0 outputs \\(0 B of the 1\\.0 GiB quota; retention 0 seconds\\)\\.\\n$`));
    const explain = new RegExp(`^correx: output ${id} expired: removed on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC because it was older than the retention of 0 seconds \\(created .*\\); run the command again if you need its output\\n$`);
    for (const args of [["read", id], ["grep", id, "line"], ["read", id, "--projection"]]) {
      const result = runCorrex([...args, "--spill-dir", dir]);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(explain);
    }
  });

  test("quota: oldest first, tombstone says evicted", () => {
    const dir = newStoreDir();
    const store = new SpillStore(dir);
    store.prepare();
    const oldest = addOutput(store, Date.now() - 3000, "x".repeat(5000));
    const newest = addOutput(store, Date.now() - 1000, "y".repeat(5000));
    const result = runCorrex(["gc", "--quota", "6KiB", "--spill-dir", dir, "--format", "json"]);
    expect(JSON.parse(result.stdout)).toMatchObject({ dry_run: false, removed: [{ id: oldest, reason: "quota", detail: "6.0 KiB" }], kept: { outputs: 1 } });
    expect(runCorrex(["read", newest, "--spill-dir", dir]).status).toBe(0);
    expect(runCorrex(["read", oldest, "--spill-dir", dir]).stderr).toMatch(/was evicted on .* to keep the store under its quota of 6\.0 KiB, oldest first/);
  });

  test("settings: flag beats environment beats the config file; a bad file value is a warning naming it, and the default holds", () => {
    const dir = newStoreDir();
    const store = new SpillStore(dir);
    store.prepare();
    const id = addOutput(store, Date.now() - 2 * 86_400_000);
    const env = cleanEnv();
    fs.mkdirSync(path.join(env.XDG_CONFIG_HOME!, "correx"));
    const config = path.join(env.XDG_CONFIG_HOME!, "correx", "config.json");
    fs.writeFileSync(config, JSON.stringify({ maxAge: "1d" }));
    const plan = (extraEnv: Record<string, string>, flags: string[] = []): unknown =>
      JSON.parse(runCorrex(["gc", "--dry-run", "--format", "json", "--spill-dir", dir, ...flags], { env: { ...env, ...extraEnv } }).stdout).removed.map((removal: { id: string }) => removal.id);
    expect(plan({})).toEqual([id]);
    expect(plan({ CORREX_MAX_AGE: "3d" })).toEqual([]);
    expect(plan({ CORREX_MAX_AGE: "3d" }, ["--max-age", "1h"])).toEqual([id]);
    fs.writeFileSync(config, JSON.stringify({ maxAge: "forever" }));
    const collected = runCorrex(["gc", "--dry-run", "--format", "json", "--spill-dir", dir], { env });
    expect(collected.status).toBe(0);
    expect(collected.stderr).toBe(`correx: warning: invalid value for maxAge in ${config}: 'forever' (accepts a duration such as 0s, 90s, 12h, 7d); using the default\n`);
    expect(JSON.parse(collected.stdout).removed).toEqual([]);
    expect(runCorrex(["gc", "--spill-dir", dir, "--max-age", "forever"], { env })).toMatchObject({ status: 2, stdout: "" });
  });

  test("a missing store has nothing to collect", () => {
    const dir = newStoreDir();
    expect(runCorrex(["gc", "--spill-dir", dir])).toEqual({ status: 0, stderr: "", stdout: `No spill store at ${dir}: nothing to collect.\n` });
    expect(fs.existsSync(dir)).toBe(false);
  });
});

describe("safety", () => {
  test("read, grep, ls and gc refuse a symlinked or shared store (exit 74) and touch nothing", () => {
    const base = fs.mkdtempSync(path.join(tmpdir(), "correx-unsafe-"));
    const real = path.join(base, "real");
    const store = new SpillStore(real);
    store.prepare();
    const id = addOutput(store, Date.now() - 30 * 86_400_000);
    fs.symlinkSync(real, path.join(base, "link"));
    const link = path.join(base, "link");
    for (const args of [["read", id], ["grep", id, "x"], ["ls"], ["gc", "--max-age", "0s"]]) {
      expect(runCorrex([...args, "--spill-dir", link])).toEqual({ status: 74, stdout: "", stderr: `correx: refusing spill directory ${link}: it is a symbolic link\n` });
    }
    fs.chmodSync(real, 0o757);
    expect(runCorrex(["gc", "--max-age", "0s", "--spill-dir", real])).toEqual({ status: 74, stdout: "", stderr: `correx: refusing spill directory ${real}: it is writable by others (mode 757)\n` });
    expect(fs.existsSync(store.dataPath(id))).toBe(true);
  });

  test("ids that are not ids never reach the file system", () => {
    const dir = newStoreDir();
    for (const args of [["read", `${createId()}/../x`], ["grep", "tool_../../x", "y"]]) {
      expect(runCorrex([...args, "--spill-dir", dir]).status).toBe(2);
    }
    expect(fs.existsSync(dir)).toBe(false);
  });
});
