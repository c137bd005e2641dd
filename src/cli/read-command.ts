// `correx read ID`: pages a stored output — for a model in the read-tool format, for a person `cat -n`-style
// with the next command in CLI syntax — or replays its saved projection. ID may be `last` or `last~N`.
import { homedir } from "node:os";
import { READ_PAGE, READ_PAGE_MIN_BYTES, READ_PAGE_MIN_TOKENS } from "../bound/marker.js";
import { UsageError } from "../errors.js";
import { resolveId } from "../spill/aliases.js";
import { heldOutputNote, lineCleaner as cleanerFor, readSavedProjection, readStoredOutput } from "../spill/read-output.js";
import { defaultConfigPath } from "../spill/config-path.js";
import { configuredSpillDir, storeNeedsNaming } from "../spill/spill-dir.js";
import { SpillStore } from "../spill/store.js";
import { EXIT } from "./exit-codes.js";
import { stdoutIsTTY, warn, writeStdout } from "./io.js";
import { parseFor, parseFormat, parseInteger, parseSizeAtLeast, spillDirFlag, type RawOptions } from "./options.js";
import { wantsColor } from "./projection-config.js";
import { streamStoredFile } from "./read-raw.js";
import { formatTerminalPage, formatTerminalPart } from "./read-terminal.js";

/** The store the read-side commands use: --spill-dir, else $CORREX_SPILL_DIR, else the config file's, else the XDG state dir. */
export function storeFromOptions(raw: RawOptions): SpillStore {
  return new SpillStore(spillDirFlag(raw) ?? configuredSpillDir(process.env, homedir(), defaultConfigPath(process.env, homedir())));
}

/** The store as the next command to type names it: absolute, when it must be named at all (spill-dir.ts storeNeedsNaming). */
function namedStore(store: SpillStore, raw: RawOptions): string | undefined {
  return storeNeedsNaming(spillDirFlag(raw), process.env, undefined) ? store.dir : undefined;
}

/** How a stored line is shown: escapes stripped and redraws collapsed as in the model projection, or as stored. */
export function lineCleaner(raw: RawOptions): (line: string) => string {
  return cleanerFor(raw.raw === true);
}

/** Whether a person reads the text on a terminal that takes colours (never for --for model or JSON). */
export function useColor(raw: RawOptions): boolean {
  return parseFor(raw.for, stdoutIsTTY()) === "terminal" && parseFormat(raw.format) === "text" && wantsColor(process.env, stdoutIsTTY());
}

/** `--offset N` (1-based; negative counts from the end: -1 is the last line), or `--tail N` as `--offset -N`. */
function parseOffset(raw: RawOptions): number {
  if (raw.tail !== undefined) {
    if (raw.offset !== undefined) throw new UsageError("--tail and --offset cannot be used together (--tail N is --offset -N --limit N)");
    return -parseInteger("--tail", raw.tail, 1);
  }
  const text = String(raw.offset ?? "1").trim();
  if (!/^-?[1-9]\d*$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`invalid value for --offset: '${String(raw.offset)}' (accepts a line number: 1 is the first line, -1 the last)`);
  }
  return Number(text);
}

/** Runs `correx read ID` with raw commander options. */
export async function runRead(idArgument: string, raw: RawOptions): Promise<number> {
  const offset = parseOffset(raw);
  const limit = parseInteger("--limit", raw.tail ?? raw.limit ?? "2000", 1);
  // The page is written with a final newline: the budget holds it too, so a marker's `--max-bytes B` page (B the
  // budget its projection was bounded to: bound/marker.ts withReadPage) fits wherever that projection fit.
  const maxBytes = parseSizeAtLeast("--max-bytes", raw.maxBytes ?? String(READ_PAGE.maxBytes), READ_PAGE_MIN_BYTES) - 1;
  const maxTokens = raw.maxTokens === undefined ? {} : { maxTokens: parseInteger("--max-tokens", raw.maxTokens, READ_PAGE_MIN_TOKENS) - 1 };
  const format = parseFormat(raw.format);
  const reader = parseFor(raw.for, stdoutIsTTY());
  const store = storeFromOptions(raw);
  const id = resolveId(store, idArgument);
  if (raw.projection === true) {
    const projection = readSavedProjection(store, id);
    await writeStdout(format === "json" ? `${JSON.stringify({ id, projection })}\n` : projection);
    return EXIT.ok;
  }
  const verify = raw.verify === true;
  const byteOffset = raw.byteOffset === undefined ? {} : { byteOffset: parseInteger("--byte-offset", raw.byteOffset, 0) };
  const read = readStoredOutput(store, id, { offset, limit, maxBytes, ...maxTokens, raw: raw.raw === true, verify, ...byteOffset });
  const warning = "binary" in read ? read.binary.warning : read.page.warning;
  // A changed output is read as it is now, with a warning on stderr (and in the page or the JSON); --verify makes it a failure too.
  if (warning !== undefined) warn(warning);
  const status = warning !== undefined && verify ? EXIT.dataError : EXIT.ok;
  if ("binary" in read) {
    const { binary } = read;
    if (raw.raw === true && format === "text") {
      await streamStoredFile(binary.path);
      return status;
    }
    const cap = binary.notSavedBytes ? ` (only the first ${binary.size} bytes were saved: the per-output cap stopped ${binary.notSavedBytes} bytes)` : "";
    const hint = `[stored at ${binary.path}${cap}; correx read ${idArgument} --raw prints its bytes]`;
    const notSaved = binary.notSavedBytes ? { not_saved_bytes: binary.notSavedBytes } : {};
    const changed = warning !== undefined ? { warning } : {};
    await writeStdout(format === "json" ? `${JSON.stringify({ id, path: binary.path, binary: true, size: binary.size, ...notSaved, ...changed, text: binary.summary })}\n` : `${binary.summary}\n${hint}\n`);
    return status;
  }
  const { page } = read;
  if (format === "json") {
    await writeStdout(`${JSON.stringify(page)}\n`);
  } else if (reader === "terminal" && page.from_byte !== undefined) {
    await writeStdout(formatTerminalPart(page, idArgument, namedStore(store, raw)));
  } else if (reader === "terminal") {
    const cap = page.not_saved_bytes ? `(Only part of the output was saved: the per-output cap kept the last ${page.not_saved_bytes} bytes out.)` : "";
    const held = page.output_held_ms !== undefined && page.next_offset === undefined ? heldOutputNote(page.output_held_ms) : "";
    const capNote = [cap, held].filter((note) => note !== "").join(" ");
    await writeStdout(formatTerminalPage({
      id: idArgument, lines: page.lines.map((line) => line.text), from: page.from_line, total: page.total_lines, nextOffset: page.next_offset,
      capNote, color: useColor(raw), spillDir: namedStore(store, raw),
    }));
  } else {
    await writeStdout(`${page.text}\n`);
  }
  return status;
}
