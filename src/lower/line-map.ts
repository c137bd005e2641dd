// Where a cut MCP text's lines come from, carried in the unified payload (`--format json`), so that a later
// `lower --to mcp` (or `normalize`, `bound`) puts the text back into the source's blocks as `bound --to mcp` does
// (mcp-cut.ts). Two meta keys, added only to a cut MCP result whose line sources are known:
//   part_lines: the lines of each text part of the source, in order (what mcp-cut.ts needs to tell them apart);
//   line_map:   runs [text_line, input_line, count]: `count` lines of the written text from `text_line` (1-based)
//               show the input lines from `input_line` on; every other line of the text is correx's own (the marker).
// New meta keys are allowed by the envelope's schema ("Keys not listed here are allowed"), so an older correx reads
// such a payload as before (its text in one block); `shown` and `parts` keep their documented fields.
import { isRecord, type ToolResultMeta } from "../payload.js";

/** One run of lines: [first line of the text, first input line it shows, how many lines]. */
export type LineRun = [number, number, number];

/** The line sources of a text (BoundText.lineSources: an input line per line, 0 for correx's own) as runs. */
export function encodeLineMap(lineSources: readonly number[]): LineRun[] {
  const runs: LineRun[] = [];
  lineSources.forEach((source, index) => {
    if (source <= 0) return;
    const last = runs[runs.length - 1];
    if (last !== undefined && last[0] + last[2] === index + 1 && last[1] + last[2] === source) last[2] += 1;
    else runs.push([index + 1, source, 1]);
  });
  return runs;
}

/** The input line of each of a text's `lines` lines by the runs (0: correx's own); undefined when the runs do not fit. */
export function decodeLineMap(runs: readonly LineRun[], lines: number): number[] | undefined {
  const sources = new Array<number>(lines).fill(0);
  for (const [at, from, count] of runs) {
    if (at < 1 || from < 1 || count < 1 || at + count - 1 > lines) return undefined;
    for (let offset = 0; offset < count; offset += 1) sources[at - 1 + offset] = from + offset;
  }
  return sources;
}

/** What a payload's meta says of where its (cut) text's lines come from; undefined when it says nothing valid. */
export function readLineMap(meta: ToolResultMeta | undefined): { partLines: number[]; runs: LineRun[] } | undefined {
  const partLines = meta?.part_lines;
  const runs = meta?.line_map;
  const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
  if (!Array.isArray(partLines) || partLines.length === 0 || !partLines.every((lines) => isCount(lines) && lines >= 1)) return undefined;
  if (!Array.isArray(runs) || !runs.every((run) => Array.isArray(run) && run.length === 3 && run.every(isCount))) return undefined;
  return { partLines: partLines as number[], runs: runs as LineRun[] };
}

/**
 * The line sources of a text bounded from a text that was itself cut (a payload's data): each line that shows a line
 * of that text shows what that line showed (`prior`, its line sources); correx's lines stay 0.
 */
export function throughPrior(lineSources: readonly number[], prior: readonly number[]): number[] {
  return lineSources.map((source) => (source > 0 ? (prior[source - 1] ?? 0) : 0));
}

/** The meta without the two keys (a cut whose line sources are not known). */
export function withoutLineMap(meta: ToolResultMeta): ToolResultMeta {
  const { part_lines: _parts, line_map: _map, ...rest } = meta;
  return isRecord(rest) ? rest : meta;
}
