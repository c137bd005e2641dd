// A sparse line index written beside a spill (`<id>.idx`) while it streams, in constant memory: for every
// 64 KiB block of the data, how many lines come before the next block. `read --offset N` seeks straight to the
// block that holds line N, and grep numbers a match by counting one block at most.
//
// Layout: "CRXLIDX1", u32 block size, u32 0; then one float64 (LE) per block: the "\n" bytes before its end;
// then the trailer: float64 "\n" bytes in all, float64 data bytes, "CRXLEND1". No trailer: incomplete, unused.
import * as fs from "node:fs";
import { countNewlineBytes } from "../text/newline-count.js";

/** Bytes per block: a lookup scans at most this much (plus the lines it shows). */
export const INDEX_BLOCK_BYTES = 64 * 1024;
const HEADER = Buffer.from("CRXLIDX1");
const TRAILER = Buffer.from("CRXLEND1");
/** Entries kept before they are handed to the sink: the builder's memory stays constant. */
const FLUSH_ENTRIES = 512;

/** Builds the index from the data as it is written; `sink` receives the file's bytes in order. */
export class LineIndexBuilder {
  private readonly sink: (bytes: Buffer) => void;
  private newlines = 0;
  private bytes = 0;
  private pending: number[] = [];

  constructor(sink: (bytes: Buffer) => void) {
    this.sink = sink;
    const header = Buffer.alloc(16);
    HEADER.copy(header, 0);
    header.writeUInt32LE(INDEX_BLOCK_BYTES, 8);
    sink(header);
  }

  /** Takes the next chunk of the data exactly as it is saved. */
  write(chunk: Uint8Array): void {
    let offset = 0;
    while (offset < chunk.length) {
      const room = INDEX_BLOCK_BYTES - (this.bytes % INDEX_BLOCK_BYTES);
      const take = Math.min(room, chunk.length - offset);
      this.newlines += countNewlineBytes(chunk, offset, offset + take);
      this.bytes += take;
      offset += take;
      if (this.bytes % INDEX_BLOCK_BYTES === 0) this.pending.push(this.newlines);
    }
    if (this.pending.length >= FLUSH_ENTRIES) this.flush();
  }

  /** Ends the index with its trailer. */
  finish(): void {
    this.flush();
    const trailer = Buffer.alloc(24);
    trailer.writeDoubleLE(this.newlines, 0);
    trailer.writeDoubleLE(this.bytes, 8);
    TRAILER.copy(trailer, 16);
    this.sink(trailer);
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const bytes = Buffer.alloc(this.pending.length * 8);
    // A DataView's setFloat64 is V8's own: Buffer's writeDoubleLE is JavaScript that a long spill made hot enough
    // for the worker to compile (issue 16's one-off CPU).
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    for (let index = 0; index < this.pending.length; index += 1) view.setFloat64(index * 8, this.pending[index]!, true);
    this.pending = [];
    this.sink(bytes);
  }
}

/** A loaded index: newlines before the end of each block, and the totals. */
export interface LineIndex {
  blockBytes: number;
  /** ends[i]: "\n" bytes in data[0, (i + 1) * blockBytes). */
  ends: Float64Array;
  newlines: number;
  bytes: number;
}

/** Reads the index at `file` for data of `dataBytes`; undefined when it is missing, incomplete or not for this data. */
export function readLineIndex(file: string, dataBytes: number): LineIndex | undefined {
  let raw: Buffer;
  try {
    raw = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  if (raw.length < 40 || !raw.subarray(0, 8).equals(HEADER) || !raw.subarray(raw.length - 8).equals(TRAILER)) return undefined;
  const blockBytes = raw.readUInt32LE(8);
  const newlines = raw.readDoubleLE(raw.length - 24);
  const bytes = raw.readDoubleLE(raw.length - 16);
  const count = (raw.length - 40) / 8;
  if (bytes !== dataBytes || blockBytes === 0 || count !== Math.floor(bytes / blockBytes)) return undefined;
  const ends = new Float64Array(count);
  for (let index = 0; index < count; index += 1) ends[index] = raw.readDoubleLE(16 + index * 8);
  return { blockBytes, ends, newlines, bytes };
}

/**
 * Where a scan must start to reach the start of line `line` (1-based): a block start, and the number of the line
 * that begins after the first "\n" from there (from byte 0, line 1 begins at once: `partial` is false).
 */
export function seekLine(index: LineIndex, line: number): { position: number; partial: boolean; nextLine: number } {
  let low = 0; // the last block b with b = 0 or ends[b - 1] <= line - 2: line `line` starts after its first "\n"
  let high = index.ends.length;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (index.ends[middle - 1]! <= line - 2) low = middle;
    else high = middle - 1;
  }
  if (low === 0) return { position: 0, partial: false, nextLine: 1 };
  return { position: low * index.blockBytes, partial: true, nextLine: index.ends[low - 1]! + 2 };
}
