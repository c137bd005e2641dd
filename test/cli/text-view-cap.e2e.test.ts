// `--max-output` holds for every file of a saved output, the text view (`ID.text`) too (SPEC §5: the per-output cap),
// through the built binary: an MCP result's streamed text, a UTF-16 input's UTF-8 view, and a command's JSON whose
// pretty print would not fit (no view then: its lines are cut as they came). What the cap stopped is said by the
// marker, the record, read, grep and ls.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runCli } from "./cli-process.js";

const dir = mkdtempSync(join(tmpdir(), "correx-view-cap-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CAP = 64 * 1024;
const lines = Array.from({ length: 6000 }, (_, i) => `line ${i + 1}: été — a result line with "quotes" and words`);
const text = `${lines.join("\n")}\n`;

/** Bounds `input` at a 64 KiB cap into a store of its own; the store and what the marker names. */
function boundCapped(input: Buffer | string, extra: string[] = []) {
  const store = mkdtempSync(join(dir, "store-"));
  const run = runCli(["bound", "--spill-dir", store, "--max-output", `${CAP}`, ...extra], input);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const id = /correx read (tool_\w+)/.exec(run.text)?.[1];
  expect(id, run.text).toBeDefined();
  return { store, run, id: id!, record: JSON.parse(readFileSync(join(store, `${id}.json`), "utf8")) as Record<string, unknown> };
}

describe("the text view under --max-output", () => {
  test("an MCP result's text view stops at the cap, and the marker, the record, read, grep and ls say so", () => {
    const input = JSON.stringify({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text }] } });
    const { store, run, id, record } = boundCapped(input);
    const view = join(store, `${id}.text`);
    const size = statSync(view).size;
    expect(size).toBeLessThanOrEqual(CAP);
    expect(size).toBeGreaterThan(CAP - 4);
    expect(text.startsWith(readFileSync(view, "utf8"))).toBe(true);
    const left = Buffer.byteLength(text) - size;
    expect(record.text_not_saved_bytes).toBe(left);
    // the result's JSON passes the cap as read, too
    expect(run.text).toContain(`(only the first ${size} bytes of the text and ${CAP} bytes of the input as read were saved: the per-output cap stopped ${left} bytes of the text)`);

    const saved = readFileSync(view, "utf8").split("\n").length - 1;
    const past = runCli(["read", id, "--spill-dir", store, "--offset", `${saved + 100}`]);
    expect(past.code).not.toBe(0);
    expect(past.stderr).toContain("was never saved: the per-output cap");
    const last = runCli(["read", id, "--spill-dir", store, "--offset", "-1"]);
    expect(last.code).toBe(0);
    expect(last.text).toContain(`the per-output cap kept the last ${left} bytes out`);
    const found = runCli(["grep", id, "line 5999:", "--spill-dir", store]);
    expect(found.text).toContain(`the per-output cap kept the last ${left} bytes out`);
    expect(runCli(["ls", "--spill-dir", store]).text).toContain("(capped)");
  });

  test("a view whole under the cap while the JSON as read passed it: read and grep of the view say no cap", () => {
    const quoted = `${Array.from({ length: 3000 }, (_, i) => `"q${i}" "\\" "\t"`).join("\n")}\n`; // escaped, ~1.6 times as long
    const input = JSON.stringify({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: quoted }] } });
    expect(Buffer.byteLength(quoted)).toBeLessThan(CAP);
    expect(input.length).toBeGreaterThan(CAP);
    const { store, id, record } = boundCapped(input);
    expect(readFileSync(join(store, `${id}.text`), "utf8")).toBe(quoted);
    expect(record.text_not_saved_bytes).toBeUndefined();
    expect(record.not_saved_bytes).toBe(input.length - CAP);
    const last = runCli(["read", id, "--spill-dir", store, "--offset", "-1"]);
    expect(last.text).toContain("3000: ");
    expect(last.text).not.toContain("per-output cap");
    expect(runCli(["grep", id, "q2999", "--spill-dir", store]).text).not.toContain("per-output cap");
  });

  test("a UTF-16 input's UTF-8 view stops at the cap, where a character starts", () => {
    const input = Buffer.from(`\ufeff${text}`, "utf16le"); // past the cap as read, too
    const { store, run, id, record } = boundCapped(input);
    const view = readFileSync(join(store, `${id}.text`));
    expect(view.length).toBeLessThanOrEqual(CAP);
    expect(text.startsWith(view.toString("utf8"))).toBe(true); // no character cut in two
    expect(record.text_not_saved_bytes).toBe(Buffer.byteLength(text) - view.length);
    expect(statSync(join(store, id)).size).toBe(CAP);
    expect(run.text).toContain(`(only the first ${view.length} bytes of the text and ${CAP} bytes of the input as read were saved`);
  });

  test("a command's JSON whose pretty print would pass the cap is cut as its lines, with no view beside it", () => {
    const value = Array.from({ length: 900 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ["a", "b"], ok: i % 7 !== 0 }));
    const compact = JSON.stringify(value);
    expect(compact.length).toBeLessThan(CAP);
    expect(JSON.stringify(value, null, 2).length).toBeGreaterThan(CAP);
    const { store, run, id } = boundCapped(compact, ["--max-bytes", "4096"]);
    expect(existsSync(join(store, `${id}.text`))).toBe(false);
    expect(readFileSync(join(store, id), "utf8")).toBe(compact);
    expect(run.text).not.toContain("as text;");
    // under the cap, the same input keeps its pretty-printed view
    const open = mkdtempSync(join(dir, "store-"));
    const wide = runCli(["bound", "--spill-dir", open, "--max-bytes", "4096"], compact);
    expect(wide.text).toContain(".text (as text; the input as read:");
  });
});
