// A page inside one stored line (`correx read ID --offset L --byte-offset B`, read_output's `byte_offset`): the part
// of line L from byte B that fits the budget, numbered L, then where the line goes on: the byte to continue from.
import { fstatSync } from "node:fs";
import { estimateTokens } from "../bound/budget.js";
import { NotFoundError } from "../errors.js";
import { lineExtent, readLinePart } from "./line-part.js";
import type { OpenedOutput } from "./lookup.js";
import { indexedLineCount, readLineWindow } from "./page.js";
import type { OutputPage, ReadOutputOptions } from "./read-output.js";

/** The page of line `line` from byte `byteOffset` (options.byteOffset) of an opened output; `notes` end its text. */
export function pageInsideLine(output: OpenedOutput, id: string, line: number, options: ReadOutputOptions, clean: (line: string) => string, notes: string): OutputPage {
  const byteOffset = options.byteOffset ?? 0;
  const fileSize = fstatSync(output.fd).size;
  const totalLines = output.index ? indexedLineCount(output.fd, output.index) : readLineWindow(output.fd, Number.MAX_SAFE_INTEGER, 1, 0).totalLines;
  const extent = lineExtent(output.fd, line, fileSize, output.index);
  if (extent === undefined) throw new NotFoundError(`output ${id} has no line ${line} (total ${totalLines} lines)`);
  const lineBytes = extent.end - extent.start;
  if (byteOffset > lineBytes) throw new NotFoundError(`line ${line} of output ${id} has ${lineBytes} bytes: byte offset ${byteOffset} is past its end`);
  const header = `<path>${output.path}</path>\n<type>file</type>\n<content>\n`;
  const footerFor = (from: number, to: number): string => {
    const shown = `bytes ${from}-${to} of line ${line} (${lineBytes} bytes)`;
    if (to < lineBytes) return `\n</content>\n(Showing ${shown}. Use offset=${line} byte_offset=${to} to continue.)`;
    if (line < totalLines) return `\n</content>\n(Showing ${shown}: the end of the line; total ${totalLines} lines. Use offset=${line + 1} to continue.)`;
    return `\n</content>\n(Showing ${shown}: the end of the line. End of file - total ${totalLines} lines)`;
  };
  const frame = Buffer.byteLength(header + footerFor(lineBytes, lineBytes) + `${line}: `) + Buffer.byteLength(notes) + 40;
  let most = Math.max(1, options.maxBytes - frame);
  for (;;) {
    const part = readLinePart(output.fd, extent, byteOffset, most);
    let text = clean(part.bytes.toString("utf8"));
    if (part.to === lineBytes) text = text.replace(/\r$/, "");
    const body = `${line}: ${text}`;
    const page = header + body + footerFor(part.from, part.to) + notes;
    // Cleaning can make the text longer (a control byte shown escaped), and tokens are not bytes: read less, as much less.
    const bytes = Buffer.byteLength(page);
    const tokens = options.maxTokens === undefined ? 0 : estimateTokens(page);
    const ratio = Math.min(options.maxBytes / bytes, options.maxTokens === undefined ? 1 : options.maxTokens / tokens);
    if (ratio < 1 && most > 1) {
      most = Math.max(1, Math.min(most - 1, Math.floor(most * ratio) - 8));
      continue;
    }
    const next = part.to < lineBytes ? { next_offset: line, next_byte_offset: part.to } : line < totalLines ? { next_offset: line + 1 } : {};
    return {
      id, path: output.path, text: page, from_line: line, to_line: line, total_lines: totalLines, ...next,
      from_byte: part.from, to_byte: part.to, line_bytes: lineBytes, lines: [{ n: line, text }],
    };
  }
}
