// Reads a window of lines from a stored output without loading the whole file.
import { scanLines } from "./line-scan.js";

/** A window of lines and the file's line count. */
export interface LineWindow {
  lines: string[];
  totalLines: number;
}

/** Lines [offset, offset + limit) of an open file (1-based), each cut to `maxChars` + 1 characters, and the line count. */
export function readLineWindow(fd: number, offset: number, limit: number, maxChars: number): LineWindow {
  const lines: string[] = [];
  const byteCap = (maxChars + 1) * 4;
  let lineNumber = 1;
  let current: Buffer[] = [];
  let currentBytes = 0;
  const inWindow = (): boolean => lineNumber >= offset && lineNumber < offset + limit;
  const totalLines = scanLines(fd, {
    piece(bytes) {
      if (!inWindow() || currentBytes >= byteCap) return;
      const part = Buffer.from(bytes.subarray(0, byteCap - currentBytes));
      current.push(part);
      currentBytes += part.length;
    },
    end() {
      if (inWindow()) {
        const text = Buffer.concat(current).toString("utf8");
        lines.push(text.length > maxChars + 1 ? text.slice(0, maxChars + 1) : text);
      }
      current = [];
      currentBytes = 0;
      lineNumber += 1;
    },
  });
  return { lines, totalLines };
}
