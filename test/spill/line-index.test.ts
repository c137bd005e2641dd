// The sparse line index: built from chunks as they stream, it finds the same lines a full scan finds.
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { INDEX_BLOCK_BYTES, LineIndexBuilder, readLineIndex } from "../../src/spill/line-index.js";
import { readLineWindow } from "../../src/spill/page.js";
import { countNewlineBytes } from "../../src/text/newline-count.js";
import { readOutputPage } from "../../src/spill/read-output.js";
import { addOutput, makeStore } from "./helpers.js";

/** Lines of varied length (some longer than a block), deterministic. */
function variedText(lines: number, endsWithNewline: boolean): Buffer {
  const parts: string[] = [];
  for (let index = 1; index <= lines; index += 1) {
    const length = index % 97 === 0 ? INDEX_BLOCK_BYTES + 123 : (index * 7919) % 180;
    parts.push(`${index}:${"x".repeat(length)}`);
  }
  return Buffer.from(parts.join("\n") + (endsWithNewline ? "\n" : ""));
}

function writeIndexed(data: Buffer, chunk: number): { dataPath: string; indexPath: string } {
  const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-index-"));
  const dataPath = path.join(dir, "data");
  const indexPath = path.join(dir, "data.idx");
  fs.writeFileSync(dataPath, data);
  const pieces: Buffer[] = [];
  const builder = new LineIndexBuilder((bytes) => pieces.push(Buffer.from(bytes)));
  for (let offset = 0; offset < data.length; offset += chunk) builder.write(data.subarray(offset, offset + chunk));
  builder.finish();
  fs.writeFileSync(indexPath, Buffer.concat(pieces));
  return { dataPath, indexPath };
}

describe("countNewlineBytes", () => {
  test("agrees with a byte count at every alignment and length", () => {
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, index) => (index % 7 === 0 || index % 13 === 0 ? 10 : 65 + (index % 26))));
    for (const [start, end] of [[0, 5000], [1, 4999], [3, 300], [17, 18], [0, 0], [255, 4096]] as const) {
      let expected = 0;
      for (let index = start; index < end; index += 1) if (bytes[index] === 10) expected += 1;
      expect(countNewlineBytes(bytes, start, end)).toBe(expected);
    }
  });

  test("counts shared memory (the spill worker's ring) at every offset modulo 8, windows past 1 MiB", () => {
    const size = 2 * 1024 * 1024 + 40;
    const ring = new Uint8Array(new SharedArrayBuffer(size + 8), 3, size);
    for (let index = 0; index < size; index += 1) ring[index] = index % 11 === 0 || index % 97 === 0 ? 10 : 97;
    for (let start = 0; start < 8; start += 1) {
      const end = size - ((start * 5) % 8);
      let expected = 0;
      for (let index = start; index < end; index += 1) if (ring[index] === 10) expected += 1;
      expect(countNewlineBytes(ring, start, end)).toBe(expected);
    }
  });
});

describe("line index", () => {
  test.each([
    [3000, true, 65536],
    [3000, false, 1000],
    [500, true, 7],
  ])("%i lines (final newline: %s, chunks of %i): every window read through it equals a full scan", (count, endsWithNewline, chunk) => {
    const data = variedText(count, endsWithNewline);
    const { dataPath, indexPath } = writeIndexed(data, chunk);
    const index = readLineIndex(indexPath, data.length);
    expect(index).toBeDefined();
    const fd = fs.openSync(dataPath, "r");
    try {
      for (const offset of [1, 2, 96, 97, 98, 194, 1000, count - 1, count, count + 1]) {
        const scanned = readLineWindow(fd, offset, 3, 50);
        expect(readLineWindow(fd, offset, 3, 50, index)).toEqual(scanned);
        expect(scanned.totalLines).toBe(count);
      }
    } finally {
      fs.closeSync(fd);
    }
  });

  test("an index for other data, or without its trailer, is not used", () => {
    const data = variedText(200, true);
    const { indexPath } = writeIndexed(data, 4096);
    expect(readLineIndex(indexPath, data.length + 1)).toBeUndefined();
    fs.truncateSync(indexPath, fs.statSync(indexPath).size - 1);
    expect(readLineIndex(indexPath, data.length)).toBeUndefined();
  });

  test("the spill writer writes it beside the data, and removes it with the data", () => {
    const store = makeStore();
    const writer = store.createWriter();
    const data = variedText(1000, true);
    writer.write(data.subarray(0, 70_000));
    writer.write(data.subarray(70_000));
    writer.close();
    expect(readLineIndex(`${writer.path}.idx`, data.length)?.newlines).toBe(1000);
    const aborted = store.createWriter();
    aborted.write(data);
    aborted.abort();
    expect(fs.existsSync(`${aborted.path}.idx`)).toBe(false);
  });
});

describe("a page read through the index", () => {
  test("holds only the lines shown: an output whose index counts more lines than an array can hold pages at once", () => {
    // A sparse data file past 4 GiB (its holes take no disk) whose index claims 2^32 + 1 lines: paging line 1
    // must not allocate anything per line of the file (the old page builder made an array of total_lines).
    const store = makeStore();
    const head = Buffer.from("first line\nsecond line\n");
    const blocks = 2 ** 32 / INDEX_BLOCK_BYTES + 1;
    const bytes = blocks * INDEX_BLOCK_BYTES;
    const id = addOutput(store, Date.now(), head);
    const fd = fs.openSync(store.dataPath(id), "r+");
    fs.ftruncateSync(fd, bytes);
    fs.writeSync(fd, Buffer.from("\n"), 0, 1, bytes - 1);
    fs.closeSync(fd);
    const index = Buffer.alloc(16 + blocks * 8 + 24);
    index.write("CRXLIDX1", 0, "latin1");
    index.writeUInt32LE(INDEX_BLOCK_BYTES, 8);
    for (let block = 0; block < blocks; block += 1) index.writeDoubleLE(2 + block * (INDEX_BLOCK_BYTES - 1), 16 + block * 8);
    const newlines = 2 ** 32 + 1;
    index.writeDoubleLE(newlines, 16 + blocks * 8);
    index.writeDoubleLE(bytes, 16 + blocks * 8 + 8);
    index.write("CRXLEND1", 16 + blocks * 8 + 16, "latin1");
    fs.writeFileSync(store.indexPath(id), index);
    try {
      const page = readOutputPage(store, id, { offset: 1, limit: 2, maxBytes: 51200, raw: false });
      expect(page.lines).toEqual([{ n: 1, text: "first line" }, { n: 2, text: "second line" }]);
      expect(page.total_lines).toBe(newlines);
      expect(page.next_offset).toBe(3);
    } finally {
      fs.rmSync(path.dirname(store.dir), { recursive: true, force: true });
    }
  });
});
