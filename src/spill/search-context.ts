// Context lines around grep matches: a second constant-memory pass that keeps only the lines it is asked for.
import { scanLines } from "./line-scan.js";
import { MAX_MATCH_CHARS, type SearchMatch } from "./search.js";

/** Lines around the matches, by line number, each cleaned and cut to MAX_MATCH_CHARS characters. */
export function readContextLines(fd: number, matches: readonly SearchMatch[], context: number, clean: (line: string) => string): Map<number, string> {
  const wanted = new Set<number>();
  for (const match of matches) {
    for (let line = Math.max(1, match.line - context); line <= match.line + context; line += 1) if (line !== match.line) wanted.add(line);
  }
  const lines = new Map<number, string>();
  if (wanted.size === 0) return lines;
  const last = Math.max(...wanted);
  const byteCap = (MAX_MATCH_CHARS + 1) * 4;
  let lineNumber = 1;
  let pieces: Buffer[] = [];
  let bytes = 0;
  scanLines(fd, {
    piece(chunk) {
      if (!wanted.has(lineNumber) || bytes >= byteCap) return;
      const part = Buffer.from(chunk.subarray(0, byteCap - bytes));
      pieces.push(part);
      bytes += part.length;
    },
    end() {
      if (wanted.has(lineNumber)) {
        const text = clean(Buffer.concat(pieces).toString("utf8"));
        lines.set(lineNumber, text.length > MAX_MATCH_CHARS ? `${text.slice(0, MAX_MATCH_CHARS)}...` : text);
      }
      pieces = [];
      bytes = 0;
      lineNumber += 1;
      return lineNumber <= last;
    },
  });
  return lines;
}

/**
 * Writes each match as a block, grep style: `Line N: text` for the match, `Line N- text` for the context
 * around it, `--` where the blocks are not adjacent; a line shown by the block before is not repeated.
 */
export function renderMatchBlocks(matches: readonly SearchMatch[], context: number, lines: ReadonlyMap<number, string>): (match: SearchMatch, index: number) => string {
  return (match, index) => {
    const previous = matches[index - 1];
    const next = matches[index + 1];
    const previousEnd = previous === undefined ? 0 : Math.min(previous.line + context, match.line - 1);
    const from = Math.max(1, match.line - context, previousEnd + 1);
    const to = next === undefined ? match.line + context : Math.min(match.line + context, next.line - 1);
    const out: string[] = [];
    if (previous !== undefined && context > 0 && from > previousEnd + 1) out.push("--");
    for (let line = from; line < match.line; line += 1) {
      const text = lines.get(line);
      if (text !== undefined) out.push(`Line ${line}- ${text}`);
    }
    out.push(`Line ${match.line}: ${match.text}`);
    for (let line = match.line + 1; line <= to; line += 1) {
      const text = lines.get(line);
      if (text !== undefined) out.push(`Line ${line}- ${text}`);
    }
    return out.join("\n");
  };
}
