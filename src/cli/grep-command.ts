// `correx grep ID PATTERN`: searches a stored output (RE2 syntax, linear time), exit 1 when nothing matches.
// ID may be `last`, `last~N`, or (with -l or -c) `all`.
import { existsSync } from "node:fs";
import { IoError, NotFoundError, UsageError } from "../errors.js";
import { resolveIds } from "../spill/aliases.js";
import { compilePattern } from "../spill/pattern.js";
import { searchOutput, type SearchOutputOptions } from "../spill/search-output.js";
import type { SpillStore } from "../spill/store.js";
import { EXIT } from "./exit-codes.js";
import { warn, writeStdout } from "./io.js";
import { parseFormat, parseInteger, parseSizeAtLeast, type RawOptions } from "./options.js";
import { storeFromOptions, useColor } from "./read-command.js";

const HIGHLIGHT = { open: "\x1b[1;31m", close: "\x1b[0m" };

/** The search options from the flags: -A/-B/-C, --max, --max-bytes, --raw, highlighting. */
function searchOptions(pattern: string, raw: RawOptions): SearchOutputOptions {
  const context = parseInteger("--context", raw.context ?? "0", 0, 1000);
  return {
    pattern: compilePattern(pattern, { ignoreCase: raw.ignoreCase === true, fixed: raw.fixedStrings === true }),
    max: parseInteger("--max", raw.max ?? "100", 1),
    context,
    ...(raw.beforeContext !== undefined ? { before: parseInteger("--before-context", raw.beforeContext, 0, 1000) } : {}),
    ...(raw.afterContext !== undefined ? { after: parseInteger("--after-context", raw.afterContext, 0, 1000) } : {}),
    maxBytes: parseSizeAtLeast("--max-bytes", raw.maxBytes ?? "51200", 1024),
    raw: raw.raw === true,
    ...(raw.verify === true ? { verify: true } : {}),
    ...(useColor(raw) ? { highlight: HIGHLIGHT } : {}),
  };
}

/** Runs `correx grep ID PATTERN`; returns exit 1 when nothing matched, like grep. */
export async function runGrep(id: string, pattern: string, raw: RawOptions): Promise<number> {
  const format = parseFormat(raw.format);
  const options = searchOptions(pattern, raw);
  const listOnly = raw.filesWithMatches === true;
  const countOnly = raw.count === true;
  if (id === "all" && !listOnly && !countOnly) throw new UsageError("grep all needs -l (the outputs that match) or -c (how many lines match in each)");
  const store = storeFromOptions(raw);
  const ids = resolveIds(store, id);
  if (listOnly || countOnly) return runSummary(store, ids, options, { listOnly, many: id === "all", format });
  const found = searchOutput(store, ids[0]!, options);
  if (found.warning !== undefined) warn(found.warning);
  if (format === "json") {
    const capped = found.not_saved_bytes ? { not_saved_bytes: found.not_saved_bytes } : {};
    const context = [...found.context].filter(([line]) => !found.matches.some((match) => match.line === line)).map(([line, text]) => ({ line, text }));
    await writeStdout(`${JSON.stringify({
      id: found.id, path: found.path, pattern, flags: options.pattern.ignoreCase ? "i" : "", total_matches: found.total_matches, shown: found.matches.length,
      matches: found.matches, ...(context.length > 0 ? { context } : {}), ...(found.total_lines !== undefined ? { total_lines: found.total_lines } : {}), ...capped,
      ...(found.warning !== undefined ? { warning: found.warning } : {}),
    })}\n`);
  } else {
    await writeStdout(found.text);
  }
  if (found.warning !== undefined && options.verify) return EXIT.dataError;
  return found.total_matches > 0 ? EXIT.ok : EXIT.failure;
}

/** -l: the ids that match, one a line; -c: the count of matching lines (`ID:N` for each output with `all`). */
async function runSummary(store: SpillStore, ids: string[], options: SearchOutputOptions, how: { listOnly: boolean; many: boolean; format: "text" | "json" }): Promise<number> {
  const rows: { id: string; count: number }[] = [];
  let changed = false;
  for (const id of ids) {
    let count: number;
    try {
      const found = searchOutput(store, id, { ...options, max: 0, context: 0, before: 0, after: 0, ...(how.listOnly ? { firstOnly: true } : {}) });
      if (found.warning !== undefined) warn(found.warning);
      changed ||= found.warning !== undefined;
      count = found.total_matches;
    } catch (error) {
      if (!how.many) throw error;
      // a search over all goes on past one output it cannot read: removed meanwhile by a collection, without a word;
      // a damaged record, or a record whose data is missing, said once, as `correx read` of it fails saying why (a
      // collection or rm removes the record before the data: a record still there was not removed by one)
      if (error instanceof IoError || (error instanceof NotFoundError && existsSync(store.recordPath(id)))) warn(`${error.message}: skipped`);
      continue;
    }
    rows.push({ id, count });
  }
  const matching = rows.filter((row) => row.count > 0);
  if (how.format === "json") {
    await writeStdout(`${JSON.stringify(how.listOnly ? { pattern: options.pattern.source, ids: matching.map((row) => row.id) } : { pattern: options.pattern.source, counts: rows })}\n`);
  } else if (how.listOnly) {
    await writeStdout(matching.map((row) => `${row.id}\n`).join(""));
  } else {
    await writeStdout(rows.map((row) => (how.many ? `${row.id}:${row.count}\n` : `${row.count}\n`)).join(""));
  }
  if (changed && options.verify) return EXIT.dataError;
  return matching.length > 0 ? EXIT.ok : EXIT.failure;
}
