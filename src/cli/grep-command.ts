// `correx grep ID PATTERN`: searches a stored output (JavaScript regular expressions), exit 1 when nothing matches.
import { closeSync } from "node:fs";
import { UsageError } from "../errors.js";
import { openOutput } from "../spill/lookup.js";
import { searchLines, type SearchResult } from "../spill/search.js";
import { formatSearchText } from "../spill/search-text.js";
import { EXIT } from "./exit-codes.js";
import { writeStdout } from "./io.js";
import { parseFormat, parseInteger, type RawOptions } from "./options.js";
import { lineCleaner, storeFromOptions } from "./read-command.js";

/** PATTERN as a JavaScript RegExp (or a literal string with -F), case-insensitive with -i. */
export function compilePattern(pattern: string, options: { ignoreCase: boolean; fixed: boolean }): RegExp {
  const source = options.fixed ? pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : pattern;
  try {
    return new RegExp(source, options.ignoreCase ? "i" : "");
  } catch (error) {
    throw new UsageError(`invalid value for PATTERN: '${pattern}' (accepts a JavaScript regular expression, or a literal string with -F: ${(error as Error).message})`);
  }
}

/** Runs `correx grep ID PATTERN`; returns exit 1 when nothing matched, like grep. */
export async function runGrep(id: string, pattern: string, raw: RawOptions): Promise<number> {
  const max = parseInteger("--max", raw.max ?? "100", 1);
  const maxBytes = parseInteger("--max-bytes", raw.maxBytes ?? "51200", 1024);
  const format = parseFormat(raw.format);
  const regex = compilePattern(pattern, { ignoreCase: raw.ignoreCase === true, fixed: raw.fixedStrings === true });
  const output = openOutput(storeFromOptions(raw), id);
  let result: SearchResult;
  try {
    result = searchLines(output.fd, { pattern: regex, max, clean: lineCleaner(raw) });
  } finally {
    closeSync(output.fd);
  }
  const notSaved = output.record.not_saved_bytes ?? 0;
  if (format === "json") {
    const capped = notSaved > 0 ? { not_saved_bytes: notSaved } : {};
    await writeStdout(`${JSON.stringify({ id, path: output.path, pattern: regex.source, flags: regex.flags, total_matches: result.total, shown: result.matches.length, matches: result.matches, total_lines: result.totalLines, ...capped })}\n`);
  } else {
    await writeStdout(formatSearchText(result, { maxBytes, savedBytes: output.record.size, ...(notSaved > 0 ? { notSavedBytes: notSaved } : {}) }));
  }
  return result.total > 0 ? EXIT.ok : EXIT.failure;
}
