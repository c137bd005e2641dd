// Reading grep matches from what search tools print: `path:line:text` lines, ripgrep's --json events, or a JSON list.
import { isRecord } from "../payload.js";
import { pickNumber, pickString } from "./meta.js";

/** One matching line. */
export interface GrepMatch {
  path: string;
  line: number;
  text: string;
}

const PATH_LINE_TEXT = /^(.+?):(\d+):(.*)$/;

/**
 * The matches in a grep result's data, or undefined when the data is not a list of matches:
 * - text: `path:line:text` lines (`rg -n --no-heading`, `grep -rn`), or ripgrep `--json` events one a line;
 *   blank lines and `--` separators are skipped, any other line makes the whole text "not grep output";
 * - JSON: a list of `{path, line, text}` objects (also `file`, `line_number`/`lineNumber`, `content`/`lines`).
 */
export function parseGrepMatches(data: unknown): GrepMatch[] | undefined {
  if (typeof data === "string") return parseGrepText(data);
  if (!Array.isArray(data)) return undefined;
  const matches: GrepMatch[] = [];
  for (const item of data) {
    const match = readMatchObject(item);
    if (match === undefined) return undefined;
    matches.push(match);
  }
  return matches;
}

function parseGrepText(text: string): GrepMatch[] | undefined {
  const matches: GrepMatch[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "" || line === "--") continue;
    const parsed = line.startsWith("{") ? readRipgrepEvent(line) : readPathLineText(line);
    if (parsed === undefined) return undefined;
    if (parsed !== "skip") matches.push(parsed);
  }
  return matches;
}

function readPathLineText(line: string): GrepMatch | undefined {
  const match = PATH_LINE_TEXT.exec(line);
  return match ? { path: match[1]!, line: Number(match[2]), text: match[3]! } : undefined;
}

/** A ripgrep `--json` event: its match, "skip" for the other event types, undefined for anything else. */
function readRipgrepEvent(line: string): GrepMatch | "skip" | undefined {
  let event: unknown;
  try {
    event = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isRecord(event) || typeof event.type !== "string") return undefined;
  if (event.type !== "match") return ["begin", "end", "context", "summary"].includes(event.type) ? "skip" : undefined;
  const data = event.data;
  if (!isRecord(data)) return undefined;
  const path = pickString(data.path, "text");
  const text = pickString(data.lines, "text");
  const lineNumber = pickNumber(data, "line_number");
  if (path === undefined || text === undefined || lineNumber === undefined) return undefined;
  return { path, line: lineNumber, text: text.replace(/\r?\n$/, "") };
}

function readMatchObject(item: unknown): GrepMatch | undefined {
  if (typeof item === "string") return readPathLineText(item);
  const path = pickString(item, "path", "file", "filePath");
  const line = pickNumber(item, "line", "line_number", "lineNumber");
  const text = isRecord(item) ? ["text", "content", "lines", "lineText"].map((key) => item[key]).find((value) => typeof value === "string") : undefined;
  if (path === undefined || line === undefined || typeof text !== "string") return undefined;
  return { path, line, text };
}
