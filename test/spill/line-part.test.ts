// A line's start and end found through the line index are the ones a scan finds, for every line: lines longer than
// a block, a newline on a block's last byte, a file with or without a final newline; a part never splits a character.
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { INDEX_BLOCK_BYTES, LineIndexBuilder, readLineIndex } from "../../src/spill/line-index.js";
import { lineExtent, readLinePart } from "../../src/spill/line-part.js";

/** Lines of varied length, some longer than an index block, one ending on a block's last byte. */
function variedLines(count: number): string[] {
  const lines: string[] = [];
  let bytes = 0;
  for (let index = 1; index <= count; index += 1) {
    const boundary = INDEX_BLOCK_BYTES * Math.ceil((bytes + 1) / INDEX_BLOCK_BYTES);
    const length = index === 40 ? boundary - bytes - 1 : index % 37 === 0 ? 2 * INDEX_BLOCK_BYTES + 17 : (index * 7919) % 300;
    const line = "é".repeat(Math.floor(length / 2)) + "x".repeat(length % 2);
    lines.push(line);
    bytes += Buffer.byteLength(line) + 1;
  }
  return lines;
}

function written(data: Buffer): { fd: number; indexPath: string } {
  const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-part-"));
  fs.writeFileSync(path.join(dir, "data"), data);
  const pieces: Buffer[] = [];
  const builder = new LineIndexBuilder((bytes) => pieces.push(Buffer.from(bytes)));
  builder.write(data);
  builder.finish();
  fs.writeFileSync(path.join(dir, "data.idx"), Buffer.concat(pieces));
  return { fd: fs.openSync(path.join(dir, "data"), "r"), indexPath: path.join(dir, "data.idx") };
}

describe("lineExtent", () => {
  for (const final of [true, false]) {
    test(`with and without the index, every line${final ? "" : " (no final newline)"}`, () => {
      const lines = variedLines(160);
      const data = Buffer.from(lines.join("\n") + (final ? "\n" : ""));
      const { fd, indexPath } = written(data);
      const index = readLineIndex(indexPath, data.length)!;
      expect(index).toBeDefined();
      let start = 0;
      for (const [at, line] of lines.entries()) {
        const expected = { start, end: start + Buffer.byteLength(line) };
        expect(lineExtent(fd, at + 1, data.length, index), `line ${at + 1}`).toEqual(expected);
        expect(lineExtent(fd, at + 1, data.length), `line ${at + 1}`).toEqual(expected);
        start = expected.end + 1;
      }
      expect(lineExtent(fd, lines.length + 1, data.length, index)).toBeUndefined();
      expect(lineExtent(fd, lines.length + 1, data.length)).toBeUndefined();
      fs.closeSync(fd);
    });
  }

  test("parts from every byte of a line of two-byte characters are whole characters that join up", () => {
    const data = Buffer.from(`${"é".repeat(50)}\n`);
    const { fd } = written(data);
    const extent = lineExtent(fd, 1, data.length)!;
    for (let offset = 0; offset <= 100; offset += 1) {
      const part = readLinePart(fd, extent, offset, 7);
      expect(part.from).toBe(offset + (offset % 2));
      expect(part.bytes.toString()).toBe("é".repeat((part.to - part.from) / 2));
      expect(part.to - part.from).toBeLessThanOrEqual(7);
    }
    fs.closeSync(fd);
  });
});
