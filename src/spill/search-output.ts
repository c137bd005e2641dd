// Searches stored outputs for `correx grep` and the MCP `grep_output` tool: one output, or the newest few.
import { closeSync } from "node:fs";
import { formatSize } from "../text/magic.js";
import { listOutputs } from "./listing.js";
import { openOutput } from "./lookup.js";
import { lineCleaner } from "./read-output.js";
import { readContextLines, renderMatchBlocks } from "./search-context.js";
import { searchLines, type SearchMatch } from "./search.js";
import { formatSearchText } from "./search-text.js";
import type { SpillStore } from "./store.js";

/** What to look for and how much to show. */
export interface SearchOutputOptions {
  pattern: RegExp;
  /** Most matches shown (all are counted). */
  max: number;
  /** Lines of context before and after each match. */
  context: number;
  maxBytes: number;
  raw: boolean;
  /** What the truncation note suggests. */
  moreHint?: string;
}

/** Room kept for the summary line of a search over many outputs. */
const SUMMARY_BYTES = 120;

/** The matches of one output, and its text in the `Found N matches` format. */
export interface OutputSearch {
  id: string;
  path: string;
  total_matches: number;
  matches: SearchMatch[];
  total_lines: number;
  text: string;
  not_saved_bytes?: number;
}

/** Searches output `id` (NotFoundError says why when it is not there). */
export function searchOutput(store: SpillStore, id: string, options: SearchOutputOptions): OutputSearch {
  const clean = lineCleaner(options.raw);
  const output = openOutput(store, id);
  let result;
  try {
    result = searchLines(output.fd, { pattern: options.pattern, max: options.max, clean });
  } finally {
    closeSync(output.fd);
  }
  let context = new Map<number, string>();
  if (options.context > 0 && result.matches.length > 0) {
    const again = openOutput(store, id);
    try {
      context = readContextLines(again.fd, result.matches, options.context, clean);
    } finally {
      closeSync(again.fd);
    }
  }
  const notSaved = output.record.not_saved_bytes ?? 0;
  const text = formatSearchText(result, {
    maxBytes: options.maxBytes, savedBytes: output.record.size, ...(notSaved > 0 ? { notSavedBytes: notSaved } : {}),
    ...(options.context > 0 ? { renderMatch: renderMatchBlocks(result.matches, options.context, context) } : {}),
    ...(options.moreHint ? { moreHint: options.moreHint } : {}),
  });
  return {
    id, path: output.path, total_matches: result.total, matches: result.matches, total_lines: result.totalLines, text,
    ...(notSaved > 0 ? { not_saved_bytes: notSaved } : {}),
  };
}

/** Searches the newest `outputs` stored outputs, newest first; the text lists the outputs that matched. */
export function searchRecentOutputs(store: SpillStore, outputs: number, options: SearchOutputOptions): { searched: number; results: OutputSearch[]; text: string } {
  const candidates = listOutputs(store).filter((output) => output.status === "stored").slice(0, outputs);
  const results: OutputSearch[] = [];
  let budget = options.maxBytes - SUMMARY_BYTES;
  const sections: string[] = [];
  for (const candidate of candidates) {
    let found: OutputSearch;
    try {
      found = searchOutput(store, candidate.id, { ...options, maxBytes: Math.max(1024, budget) });
    } catch {
      continue; // removed meanwhile by a collection: not an error for a search over many
    }
    if (found.total_matches === 0) continue;
    const heading = `== ${candidate.id} (${candidate.command ?? candidate.tool ?? "output"}, ${formatSize(candidate.size)}) ==\n`;
    const section = heading + found.text;
    if (Buffer.byteLength(section) > budget) break;
    budget -= Buffer.byteLength(section);
    results.push(found);
    sections.push(section);
  }
  const total = results.reduce((sum, result) => sum + result.total_matches, 0);
  const summary = total === 0 ? `No matches found in the ${candidates.length} newest stored outputs\n` : `${total} matches in ${results.length} of the ${candidates.length} newest stored outputs\n\n`;
  return { searched: candidates.length, results, text: summary + sections.join("\n") };
}
