// End to end: an output changed after it was saved (cut short, its text view deleted, rewritten in place) is read
// and searched as it is now, and `read` / `grep` say so: in the page, on stderr, in the JSON; --verify exits 65;
// `ls` lists it as it is now and says so too.
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { answerGrepOutput, answerReadOutput } from "../../src/mcp/stored-output-tools.js";
import { SpillStore } from "../../src/spill/store.js";
import { markerId, runCorrex } from "../spill/run-binary.js";

const numbered = (count: number): string => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join("\n") + "\n";

/** Bounds `input` into a new store; returns the store dir and the id. */
function spill(input: string): { dir: string; id: string } {
  const dir = path.join(fs.mkdtempSync(path.join(tmpdir(), "correx-trust-")), "store");
  const result = runCorrex(["bound", "--for", "model", "--max-lines", "20", "--spill-dir", dir], { input });
  expect(result.status).toBe(0);
  return { dir, id: markerId(result.stdout) };
}

describe("an output cut short after it was saved", () => {
  const { dir, id } = spill(numbered(100_000));
  const data = path.join(dir, id);
  const size = fs.statSync(data).size;
  fs.truncateSync(data, 2000);
  const differs = `its file ${data} is 2000 bytes, its record says ${size} bytes (cut short after it was saved)`;

  test("read shows what is there, and says what differs in the page, on stderr and in the JSON; exit 0, 65 with --verify", () => {
    const page = runCorrex(["read", id, "--spill-dir", dir, "--offset", "233", "--limit", "3"]);
    expect(page.status).toBe(0);
    expect(page.stdout).toContain("(End of file - total 235 lines)\n(Warning: output ");
    expect(page.stdout).toContain(differs);
    expect(page.stderr).toBe(`correx: warning: output ${id} changed after it was saved: ${differs}. What is shown is what is there now.\n`);
    const json = runCorrex(["read", id, "--spill-dir", dir, "--format", "json", "--limit", "1", "--verify"]);
    expect(json.status).toBe(65);
    expect(JSON.parse(json.stdout).warning).toContain(differs);
  });

  test("grep searches what is there and says so; exit 65 with --verify", () => {
    const found = runCorrex(["grep", id, "^line 27$", "--spill-dir", dir]);
    expect(found.status).toBe(0);
    expect(found.stdout).toMatch(/^Found 1 match\nLine 27: line 27\n\(Warning: output .* changed after it was saved: .*\)\n$/);
    expect(found.stderr).toContain(differs);
    expect(runCorrex(["grep", id, "^line 27$", "--spill-dir", dir, "--verify", "-c"]).status).toBe(65);
  });

  test("ls lists it as it is now: '(changed)' after its size on disk, the warning on stderr and in the JSON (it listed the record's 588 KiB, nothing said)", () => {
    const files = (bytes: number): number => bytes + fs.statSync(`${data}.json`).size + fs.statSync(`${data}.idx`).size;
    const table = runCorrex(["ls", "--spill-dir", dir]);
    expect(table.status).toBe(0);
    expect(table.stdout.split("\n")[1]).toMatch(new RegExp(`^${id} +\\d\\.\\d KiB \\(changed\\) +100000 `));
    expect(table.stderr).toBe(`correx: warning: output ${id} changed after it was saved: ${differs}. What is shown is what is there now.\n`);
    const json = runCorrex(["ls", "--spill-dir", dir, "--format", "json"]);
    const [listed] = JSON.parse(json.stdout).outputs;
    expect(listed).toMatchObject({ id, status: "stored", size: 2000, disk_bytes: files(2000) });
    expect(listed.warning).toContain(differs);
    expect(JSON.parse(json.stdout).total_bytes).toBe(files(2000));
  });

  test("the MCP tools read_output and grep_output say so in their text and their structured facts", () => {
    const context = { store: new SpillStore(dir), maxBytes: 51_200 };
    const read = answerReadOutput({ id, offset: 1, limit: 2 }, context);
    expect(JSON.stringify(read)).toContain(differs);
    const grep = answerGrepOutput({ id, pattern: "line 5" }, context);
    expect(JSON.stringify(grep)).toContain(differs);
  });
});

describe("changes the sizes do not show", () => {
  test("a deleted text view: the data is paged, and the page says its lines are not the marker's", () => {
    const { dir, id } = spill(`${JSON.stringify({ items: Array.from({ length: 3000 }, (_, n) => ({ n, name: `item ${n}` })) })}\n`);
    const view = path.join(dir, `${id}.text`);
    expect(runCorrex(["read", id, "--spill-dir", dir, "--limit", "1"]).stderr).toBe("");
    fs.rmSync(view);
    const page = runCorrex(["read", id, "--spill-dir", dir, "--limit", "1"]);
    expect(page.status).toBe(0);
    expect(page.stderr).toContain(`its text view ${view} is missing (the lines shown are those of the data as saved, not the numbered lines its marker named)`);
    expect(runCorrex(["ls", "--spill-dir", dir]).stderr).toContain(`its text view ${view} is missing`);
  });

  test("a file rewritten in place to the same size: its time says so, and --verify its sha256", () => {
    const { dir, id } = spill(numbered(5000));
    const data = path.join(dir, id);
    expect(runCorrex(["ls", "--spill-dir", dir])).toMatchObject({ status: 0, stderr: "" });
    const bytes = fs.readFileSync(data);
    bytes.write("LINE", 0);
    fs.writeFileSync(data, bytes);
    const later = Date.now() / 1000 + 60;
    fs.utimesSync(data, later, later);
    const cheap = runCorrex(["read", id, "--spill-dir", dir, "--limit", "1"]);
    expect(cheap.status).toBe(0);
    expect(cheap.stderr).toMatch(new RegExp(`its file ${data} was modified at \\S+, after it was saved at \\S+\\. What is shown`));
    expect(runCorrex(["ls", "--spill-dir", dir]).stdout).toContain(" (changed) ");
    // the time put back as it was: only the hash tells
    const created = new Date(JSON.parse(fs.readFileSync(`${data}.json`, "utf8")).created).getTime() / 1000;
    fs.utimesSync(data, created, created);
    expect(runCorrex(["read", id, "--spill-dir", dir, "--limit", "1"]).stderr).toBe("");
    const verified = runCorrex(["read", id, "--spill-dir", dir, "--limit", "1", "--verify"]);
    expect(verified.status).toBe(65);
    expect(verified.stderr).toMatch(new RegExp(`its file ${data} has sha256 [0-9a-f]{64}, its record says [0-9a-f]{64} \\(changed after it was saved\\)`));
    expect(verified.stdout).toContain("1: LINE 1\n");
  });

  test("an output left as saved reads without a word, --verify too", () => {
    const { dir, id } = spill(numbered(5000));
    expect(runCorrex(["read", id, "--spill-dir", dir, "--limit", "1", "--verify"])).toMatchObject({ status: 0, stderr: "" });
    expect(runCorrex(["grep", id, "line 7", "--spill-dir", dir, "--verify", "-c"])).toMatchObject({ status: 0, stderr: "" });
  });
});
