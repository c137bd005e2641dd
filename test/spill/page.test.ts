// Reading a window of a stored output's lines: the lines `sed -n` prints, each cut as documented, however the
// reads (1 MiB) cut them.
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { readLineRanges, readLineWindow } from "../../src/spill/page.js";
import { renderLine } from "../../src/text/render-line.js";

/** The lines as sed counts them, each cut to `maxChars` + 1 characters of its first (maxChars + 1) × 4 bytes. */
function expectedLines(data: Buffer, maxChars: number): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < data.length) {
    const newline = data.indexOf(10, start);
    const end = newline === -1 ? data.length : newline;
    const text = data.toString("utf8", start, Math.min(end, start + (maxChars + 1) * 4));
    lines.push(text.length > maxChars + 1 ? text.slice(0, maxChars + 1) : text);
    start = end + 1;
  }
  return lines;
}

function withFile(data: Buffer, check: (fd: number) => void): void {
  const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-page-"));
  const file = path.join(dir, "data");
  fs.writeFileSync(file, data);
  const fd = fs.openSync(file, "r");
  try {
    check(fd);
  } finally {
    fs.closeSync(fd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("readLineWindow and readLineRanges", () => {
  const piece = fc.constantFrom("a", "é", "€", "😀", "\n", "\n", "\r", " ", "\u001b[31m", "xyzxyzxyz");

  test("give sed's lines, each cut to its first characters, at any offset and limit", () => {
    fc.assert(fc.property(fc.array(piece, { maxLength: 300 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 20 }), (pieces, maxChars, offset, limit) => {
      const data = Buffer.from(pieces.join(""));
      const lines = expectedLines(data, maxChars);
      withFile(data, (fd) => {
        expect(readLineWindow(fd, offset, limit, maxChars)).toEqual({ lines: lines.slice(offset - 1, offset - 1 + limit), totalLines: lines.length });
        const ranges = [[offset, offset + limit - 1], [offset + limit + 2, offset + limit + 4]] as const;
        const expected = new Map<number, string>();
        for (const [from, to] of ranges) for (let line = from; line <= to && line <= lines.length; line += 1) expected.set(line, lines[line - 1]!);
        expect(readLineRanges(fd, ranges, maxChars)).toEqual(expected);
      });
    }), { numRuns: 300 });
  });

  test("a line longer than a read (1 MiB), and a cut inside a character, keep their first bytes only", () => {
    const long = "€".repeat(700_000); // 2.1 MB: three reads
    const data = Buffer.from(`first\n${long}\n😀${"b".repeat(3 * 1024 * 1024)}\nlast`);
    withFile(data, (fd) => {
      for (const maxChars of [2, 7, 5000]) {
        const lines = expectedLines(data, maxChars);
        expect(readLineWindow(fd, 1, 10, maxChars)).toEqual({ lines, totalLines: 4 });
        expect(readLineWindow(fd, 4, 1, maxChars).lines).toEqual([lines[3]]);
      }
    });
  });

  test("with redraws, a long line that ends redrawing itself shows its final state once collapsed, however long", () => {
    const collapse = (line: string): string => renderLine(line, { stripAnsi: true, collapse: true });
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 30, max: 200 }), fc.constantFrom("", "\r"), (prefix, redraws, maxChars, crlf) => {
      // a progress bar after a short prefix: every redraw as long as the others, the last one the line's final state
      const segments = Array.from({ length: redraws }, (_, index) => `\rget ${String(index).padStart(4, "0")}/3000 [€😀]`);
      const line = `${"p".repeat(prefix)}${segments.join("")}`;
      const data = Buffer.from(`before\n${line}${crlf}\nafter\n`);
      withFile(data, (fd) => {
        const [before, shown, after] = readLineWindow(fd, 1, 3, maxChars, undefined, true).lines;
        expect([before, after]).toEqual(["before", "after"]);
        if (Buffer.byteLength(line) > (maxChars + 1) * 4) expect(collapse(shown!)).toBe(segments.at(-1)!.slice(1));
        else expect(shown).toBe(`${line}${crlf}`.slice(0, maxChars + 1));
      });
    }), { numRuns: 200 });
    // the QA case: 10,000 redraws of a download in a 400 KB line; read's 8,000-character cap kept the 224th
    const download = Array.from({ length: 10_000 }, (_, index) => `\rDownloading  ${index}/10000 [=====>    ]`).join("");
    withFile(Buffer.from(`log\n${download}\nInstalled ok\n`), (fd) => {
      const lines = readLineWindow(fd, 1, 3, 8000, undefined, true).lines.map(collapse);
      expect(lines).toEqual(["log", "Downloading  9999/10000 [=====>    ]", "Installed ok"]);
      expect(collapse(readLineWindow(fd, 2, 1, 8000).lines[0]!)).toBe("Downloading  224/10000 [=====>    ]"); // as stored, first bytes
    });
  });
});
