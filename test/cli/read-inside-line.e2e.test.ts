// End to end: an output that is one giant line (a minified bundle) is read in parts from the marker's command
// on: `correx read ID --offset 1 --byte-offset B`, each page naming the next byte; the marker's shell alternative
// prints a page of the omitted bytes, not the whole line; read_output pages alike with byte_offset.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { answerReadOutput } from "../../src/mcp/stored-output-tools.js";
import { SpillStore } from "../../src/spill/store.js";
import { markerId, runCorrex } from "../spill/run-binary.js";

/** A minified bundle's shape: one line of 3 MiB, with multi-byte characters so that byte offsets fall inside some. */
const items = Array.from({ length: 60_000 }, (_, n) => `{"id":${n},"name":"ítem ${n}","tags":["α","β"]}`);
const line = `(()=>{const data=[${items.join(",")}];return data})();`;
const dir = path.join(fs.mkdtempSync(path.join(tmpdir(), "correx-line-")), "store");
const bound = runCorrex(["bound", "--for", "model", "--max-bytes", "4096", "--spill-dir", dir], { input: line });
const id = markerId(bound.stdout);
const bytes = Buffer.from(line);

describe("a single 3 MiB line", () => {
  test("the marker names a byte offset inside the line, where the omission starts, and a shell command that prints one page", () => {
    expect(bound.stdout).toMatch(/\[\.\.\. omitted \d+ bytes inside line 1 of 1 line/);
    const command = /read the omitted part with: correx read \S+ --spill-dir \S+ --offset 1 --byte-offset (\d+) --max-bytes 4096, or: (tail -c \+(\d+) \S+ \| head -c (\d+))\]/.exec(bound.stdout);
    expect(command).not.toBeNull();
    const [, byteOffset, shell, from, count] = command!;
    expect(Number(from)).toBe(Number(byteOffset) + 1);
    // the head shown ends where the omission starts
    const head = bound.stdout.split("\n")[0]!;
    expect(bytes.subarray(0, Number(byteOffset)).toString()).toBe(head);
    const printed = execFileSync("sh", ["-c", shell!]);
    expect(printed.equals(bytes.subarray(Number(byteOffset), Number(byteOffset) + Number(count)))).toBe(true);
    expect(Number(count)).toBe(4096);
  });

  test("paging from the marker's byte on gives the line's bytes in order, each page within its budget, up to the end", () => {
    const start = Number(/--byte-offset (\d+)/.exec(bound.stdout)![1]);
    let offset: number | undefined = start;
    const parts: string[] = [];
    let pages = 0;
    while (offset !== undefined && pages < 10) {
      const result = runCorrex(["read", id, "--spill-dir", dir, "--offset", "1", "--byte-offset", String(offset), "--max-bytes", "1048576", "--format", "json"]);
      expect(result.status).toBe(0);
      const page = JSON.parse(result.stdout);
      expect(Buffer.byteLength(page.text) + 1).toBeLessThanOrEqual(1_048_576);
      expect(page).toMatchObject({ from_line: 1, to_line: 1, total_lines: 1, from_byte: offset, line_bytes: bytes.length });
      parts.push(page.lines[0].text);
      offset = page.next_byte_offset;
      pages += 1;
    }
    expect(offset).toBeUndefined();
    expect(parts.join("")).toBe(bytes.subarray(start).toString());
  });

  test("an offset inside a character starts at the next one; the model's page says the exact way on", () => {
    const inside = bytes.indexOf(Buffer.from("α")) + 1;
    const page = runCorrex(["read", id, "--spill-dir", dir, "--offset", "1", "--byte-offset", String(inside), "--max-bytes", "400"]);
    expect(page.stdout).toMatch(new RegExp(`^<path>[^\\n]+</path>\\n<type>file</type>\\n<content>\\n1: ","β"\\]\\},.*\\n</content>\\n\\(Showing bytes ${inside + 1}-(\\d+) of line 1 \\(${bytes.length} bytes\\)\\. Use offset=1 byte_offset=\\1 to continue\\.\\)\\n$`));
    expect(Buffer.byteLength(page.stdout)).toBeLessThanOrEqual(400);
    const past = runCorrex(["read", id, "--spill-dir", dir, "--offset", "1", "--byte-offset", String(bytes.length + 1)]);
    expect(past).toMatchObject({ status: 1, stderr: `correx: line 1 of output ${id} has ${bytes.length} bytes: byte offset ${bytes.length + 1} is past its end\n` });
  });

  test("a page of lines that cuts this one says how to read all of it, within its budget", () => {
    const page = runCorrex(["read", id, "--spill-dir", dir, "--offset", "1", "--max-bytes", "4096"]);
    expect(page.stdout).toMatch(/\.\.\. \(line truncated to \d+ chars[^)]*\)\n<\/content>\n\(End of file - total 1 lines\)\n\(Line 1 is longer than 2000 characters and is cut: use offset=1 byte_offset=0 to read all of it in parts\.\)\n$/);
    expect(Buffer.byteLength(page.stdout)).toBeLessThanOrEqual(4096);
  });

  test("read_output takes byte_offset and answers next_byte_offset", () => {
    const answer = answerReadOutput({ id, offset: 1, byte_offset: 1_000_000 }, { store: new SpillStore(dir), maxBytes: 20_000 });
    const structured = (answer as { structured?: Record<string, unknown> }).structured ?? JSON.parse(JSON.stringify(answer)).structured;
    expect(JSON.stringify(answer)).toContain("Use offset=1 byte_offset=");
    expect(structured).toMatchObject({ from_byte: 1_000_000, line_bytes: bytes.length, next_offset: 1 });
  });
});
