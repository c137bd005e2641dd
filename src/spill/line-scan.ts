// Streams a stored output line by line in fixed-size chunks: constant memory however long the file or its lines.
import * as fs from "node:fs";

const CHUNK_BYTES = 1024 * 1024;
const NEWLINE = 10;

/** What a scan reports: the bytes of the current line piece by piece, then its end. */
export interface LineVisitor {
  /** A run of bytes of the current line, `chunk[start, end)` (without "\n"); the chunk is reused after the call, copy what you keep. */
  piece(chunk: Buffer, start: number, end: number): void;
  /** The current line ended (at "\n", or at the end of a file that does not end with one); false stops the scan. */
  end(): boolean | void;
}

/**
 * Reads `fd` from `start` (else its current position) to the end, splitting on "\n" exactly as `sed` counts
 * lines: a final "\n" ends the last line rather than starting an empty one. Returns the number of lines seen.
 */
export function scanLines(fd: number, visitor: LineVisitor, start?: number): number {
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let lines = 0;
  let lineOpen = false;
  let position = start ?? null;
  const next = (): number => {
    const read = fs.readSync(fd, buffer, 0, CHUNK_BYTES, position);
    if (position !== null) position += read;
    return read;
  };
  for (let read = next(); read > 0; read = next()) {
    let start = 0;
    while (start < read) {
      const newline = buffer.indexOf(NEWLINE, start);
      if (newline === -1 || newline >= read) {
        visitor.piece(buffer, start, read);
        lineOpen = true;
        break;
      }
      if (newline > start) visitor.piece(buffer, start, newline);
      lines += 1;
      lineOpen = false;
      start = newline + 1;
      if (visitor.end() === false) return lines;
    }
  }
  if (lineOpen) {
    lines += 1;
    visitor.end();
  }
  return lines;
}
