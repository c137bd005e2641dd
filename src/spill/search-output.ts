// Searches stored outputs for `correx grep` and the MCP `grep_output` tool: one output, or the newest few.
import { closeSync } from "node:fs";
import { formatSize } from "../text/magic.js";
import { listOutputs } from "./listing.js";
import { changedWarning } from "./integrity.js";
import { openOutput } from "./lookup.js";
import { readLineRanges } from "./page.js";
import type { SearchPattern } from "./pattern.js";
import { lineCleaner } from "./read-output.js";
import { MAX_MATCH_CHARS, searchLines, type SearchMatch } from "./search.js";
import { countMatches, formatSearchText } from "./search-text.js";
import type { SpillStore } from "./store.js";

/** What to look for and how much to show. */
export interface SearchOutputOptions {
  pattern: SearchPattern;
  /** Most matches shown (all are counted). */
  max: number;
  /** Lines of context before and after each match (grep -C). */
  context: number;
  /** Lines before / after each match, when they differ (grep -B / -A); else `context`. */
  before?: number;
  after?: number;
  maxBytes: number;
  raw: boolean;
  /** What the truncation note suggests. */
  moreHint?: string;
  /** Wrap each match in these on a terminal. */
  highlight?: { open: string; close: string };
  /** Only whether it matches, and how often: stop at the first matching line. */
  firstOnly?: boolean;
  /** Also hash the data (sha256) against its record (the cheap checks of sizes and times are always made). */
  verify?: boolean;
}

/** Room kept for the summary line of a search over many outputs. */
const SUMMARY_BYTES = 120;

/** The matches of one output, and its text in the `Found N matches` format. */
export interface OutputSearch {
  id: string;
  path: string;
  total_matches: number;
  matches: SearchMatch[];
  /** Lines shown around the matches (-A/-B/-C), by number. */
  context: Map<number, string>;
  total_lines?: number;
  text: string;
  not_saved_bytes?: number;
  /** What differs between the output's files now and as saved (the text's last line says so too). */
  warning?: string;
}

function mergeRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [from, to] of ranges) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** Searches output `id` (NotFoundError says why when it is not there). */
export function searchOutput(store: SpillStore, id: string, options: SearchOutputOptions): OutputSearch {
  const clean = lineCleaner(options.raw);
  const before = options.before ?? options.context;
  const after = options.after ?? options.context;
  const output = openOutput(store, id, { verify: options.verify === true });
  let result;
  const context = new Map<number, string>();
  try {
    result = searchLines(output.fd, { pattern: options.pattern, max: options.max, clean, cleanedOnly: !options.raw, ...(options.firstOnly ? { firstOnly: true } : {}) });
    const ranges = before + after === 0 ? [] : mergeRanges(result.matches.map((match) => [Math.max(1, match.line - before), match.line + after] as const));
    for (const [line, text] of readLineRanges(output.fd, ranges, MAX_MATCH_CHARS * 4, output.index)) {
      const cleaned = clean(text);
      context.set(line, cleaned.length > MAX_MATCH_CHARS ? `${cleaned.slice(0, MAX_MATCH_CHARS)}...` : cleaned);
    }
  } finally {
    closeSync(output.fd);
  }
  const notSaved = output.notSavedBytes;
  const warning = output.differences.length > 0 ? changedWarning(output.record.id, output.differences) : undefined;
  const warningNote = warning === undefined ? "" : `(Warning: ${warning})\n`;
  const text = formatSearchText(result, {
    maxBytes: options.maxBytes - Buffer.byteLength(warningNote), savedBytes: output.savedBytes, ...(notSaved > 0 ? { notSavedBytes: notSaved } : {}),
    ...(context.size > 0 ? { context } : {}), ...(options.moreHint ? { moreHint: options.moreHint } : {}), ...(options.highlight ? { highlight: options.highlight } : {}),
  }) + warningNote;
  return {
    id: output.record.id, path: output.path, total_matches: result.total, matches: result.matches, context, text, ...(warning !== undefined ? { warning } : {}),
    ...(notSaved === 0 ? { total_lines: output.record.lines } : {}), ...(notSaved > 0 ? { not_saved_bytes: notSaved } : {}),
  };
}

/** Searches the newest `outputs` stored outputs, newest first; the text lists the outputs that matched. */
export function searchRecentOutputs(store: SpillStore, outputs: number, options: SearchOutputOptions): { searched: number; results: OutputSearch[]; unshown?: UnshownMatches; text: string } {
  const candidates = listOutputs(store).filter((output) => output.status === "stored").slice(0, outputs);
  const results: OutputSearch[] = [];
  let budget = options.maxBytes - SUMMARY_BYTES;
  const sections: string[] = [];
  let unshown: UnshownMatches | undefined;
  for (const candidate of candidates) {
    let found: OutputSearch;
    try {
      found = searchOutput(store, candidate.id, { ...options, maxBytes: Math.max(1024, budget) });
    } catch {
      continue; // removed meanwhile by a collection: not an error for a search over many
    }
    if (found.total_matches === 0) continue;
    const heading = `== ${candidate.id} (${candidate.label ?? candidate.command ?? candidate.parent_command ?? candidate.tool ?? "output"}, ${formatSize(candidate.size)}) ==\n`;
    const section = heading + found.text;
    if (Buffer.byteLength(section) > budget) {
      unshown = { id: found.id, total_matches: found.total_matches };
      break;
    }
    budget -= Buffer.byteLength(section);
    results.push(found);
    sections.push(section);
  }
  const total = results.reduce((sum, result) => sum + result.total_matches, 0);
  // An output whose matches do not fit is said, with how to see them: a small budget does not answer "No matches found"
  const left = unshown ? `${countMatches(unshown.total_matches)} in ${unshown.id}, not shown, too long for this answer: search it alone with id, and a smaller max_matches or context\n` : "";
  const summary = total === 0
    ? (left || `No matches found in the ${candidates.length} newest stored outputs\n`)
    : `${countMatches(total)} in ${results.length} of the ${candidates.length} newest stored outputs\n${left}\n`;
  return { searched: candidates.length, results, ...(unshown ? { unshown } : {}), text: summary + sections.join("\n") };
}

/** An output whose matches a search over many found but could not show within its budget (the older ones not searched). */
export interface UnshownMatches {
  id: string;
  total_matches: number;
}
