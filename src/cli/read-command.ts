// `correx read ID`: pages a stored output in the read-tool format, or replays its saved projection.
import { closeSync } from "node:fs";
import { homedir } from "node:os";
import { NotFoundError } from "../errors.js";
import { openOutput } from "../spill/lookup.js";
import { readLineWindow } from "../spill/page.js";
import { defaultSpillDir, SpillStore } from "../spill/store.js";
import { renderLine } from "../text/render-line.js";
import { formatSize } from "../text/magic.js";
import { MAX_LINE_CHARS, pageLines } from "../tools/read-page.js";
import { writeStdout } from "./io.js";
import { parseFormat, parseInteger, type RawOptions } from "./options.js";

/** Raw characters read of a long line before it is cleaned and cut to MAX_LINE_CHARS (room for escapes). */
const RAW_LINE_CHARS = MAX_LINE_CHARS * 4;

/** The store the read-side commands use: --spill-dir, else $CORREX_SPILL_DIR, else the XDG state dir. */
export function storeFromOptions(raw: RawOptions): SpillStore {
  return new SpillStore(typeof raw.spillDir === "string" ? raw.spillDir : defaultSpillDir(process.env, homedir()));
}

/** How a stored line is shown: escapes stripped and redraws collapsed as in the model projection, or as stored. */
export function lineCleaner(raw: RawOptions): (line: string) => string {
  return raw.raw === true ? (line) => line.replace(/\r$/, "") : (line) => renderLine(line, { stripAnsi: true, collapse: true });
}

/** Runs `correx read ID` with raw commander options. */
export async function runRead(id: string, raw: RawOptions): Promise<void> {
  const offset = parseInteger("--offset", raw.offset ?? "1", 1);
  const limit = parseInteger("--limit", raw.limit ?? "2000", 1);
  const maxBytes = parseInteger("--max-bytes", raw.maxBytes ?? "51200", 256);
  const format = parseFormat(raw.format);
  const output = openOutput(storeFromOptions(raw), id);
  let window;
  try {
    if (raw.projection === true) {
      const projection = output.record.projection;
      if (projection === undefined) throw new NotFoundError(`output ${id} has no saved projection (it was stored without one)`);
      await writeStdout(format === "json" ? `${JSON.stringify({ id, projection })}\n` : projection);
      return;
    }
    window = readLineWindow(output.fd, offset, limit, RAW_LINE_CHARS);
  } finally {
    closeSync(output.fd);
  }
  const { record, path } = output;
  const notSaved = record.not_saved_bytes ?? 0;
  if (notSaved > 0 && offset > window.totalLines && offset <= record.lines) {
    throw new NotFoundError(`line ${offset} of output ${id} was never saved: the per-output cap stopped the spill after ${formatSize(record.size)} (${window.totalLines} lines); the last ${notSaved} bytes were not saved`);
  }
  const capNote = notSaved > 0 ? `\n(Only the first ${formatSize(record.size)} of the output were saved: the per-output cap kept the last ${notSaved} bytes out.)` : "";
  const clean = lineCleaner(raw);
  const sparse: string[] = new Array<string>(window.totalLines);
  window.lines.forEach((line, index) => (sparse[offset - 1 + index] = clean(line)));
  const page = pageLines(sparse, { offset, limit, budget: { maxLines: limit + 8, maxBytes: maxBytes - Buffer.byteLength(capNote) }, path });
  const text = page.nextOffset === undefined ? page.text + capNote : page.text;
  if (format === "json") {
    const nextOffset = page.nextOffset !== undefined ? { next_offset: page.nextOffset } : {};
    const capped = notSaved > 0 ? { not_saved_bytes: notSaved } : {};
    await writeStdout(`${JSON.stringify({ id, path, text, from_line: page.shownFrom, to_line: page.shownTo, total_lines: page.totalLines, ...nextOffset, ...capped })}\n`);
    return;
  }
  await writeStdout(`${text}\n`);
}
