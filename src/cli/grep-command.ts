// `correx grep ID PATTERN`: searches a stored output (JavaScript regular expressions), exit 1 when nothing matches.
import { compilePattern } from "../spill/pattern.js";
import { searchOutput } from "../spill/search-output.js";
import { EXIT } from "./exit-codes.js";
import { writeStdout } from "./io.js";
import { parseFormat, parseInteger, parseSizeAtLeast, type RawOptions } from "./options.js";
import { storeFromOptions } from "./read-command.js";

/** Runs `correx grep ID PATTERN`; returns exit 1 when nothing matched, like grep. */
export async function runGrep(id: string, pattern: string, raw: RawOptions): Promise<number> {
  const max = parseInteger("--max", raw.max ?? "100", 1);
  const maxBytes = parseSizeAtLeast("--max-bytes", raw.maxBytes ?? "51200", 1024);
  const context = parseInteger("--context", raw.context ?? "0", 0, 100);
  const format = parseFormat(raw.format);
  const regex = compilePattern(pattern, { ignoreCase: raw.ignoreCase === true, fixed: raw.fixedStrings === true });
  const found = searchOutput(storeFromOptions(raw), id, { pattern: regex, max, context, maxBytes, raw: raw.raw === true });
  if (format === "json") {
    const capped = found.not_saved_bytes ? { not_saved_bytes: found.not_saved_bytes } : {};
    await writeStdout(`${JSON.stringify({ id, path: found.path, pattern: regex.source, flags: regex.flags, total_matches: found.total_matches, shown: found.matches.length, matches: found.matches, total_lines: found.total_lines, ...capped })}\n`);
  } else {
    await writeStdout(found.text);
  }
  return found.total_matches > 0 ? EXIT.ok : EXIT.failure;
}
