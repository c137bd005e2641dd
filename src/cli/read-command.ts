// `correx read ID`: pages a stored output in the read-tool format, or replays its saved projection.
import { homedir } from "node:os";
import { lineCleaner as cleanerFor, readOutputPage, readSavedProjection } from "../spill/read-output.js";
import { defaultSpillDir, SpillStore } from "../spill/store.js";
import { writeStdout } from "./io.js";
import { parseFormat, parseInteger, parseSizeAtLeast, type RawOptions } from "./options.js";

/** The store the read-side commands use: --spill-dir, else $CORREX_SPILL_DIR, else the XDG state dir. */
export function storeFromOptions(raw: RawOptions): SpillStore {
  return new SpillStore(typeof raw.spillDir === "string" ? raw.spillDir : defaultSpillDir(process.env, homedir()));
}

/** How a stored line is shown: escapes stripped and redraws collapsed as in the model projection, or as stored. */
export function lineCleaner(raw: RawOptions): (line: string) => string {
  return cleanerFor(raw.raw === true);
}

/** Runs `correx read ID` with raw commander options. */
export async function runRead(id: string, raw: RawOptions): Promise<void> {
  const offset = parseInteger("--offset", raw.offset ?? "1", 1);
  const limit = parseInteger("--limit", raw.limit ?? "2000", 1);
  const maxBytes = parseSizeAtLeast("--max-bytes", raw.maxBytes ?? "51200", 256);
  const format = parseFormat(raw.format);
  const store = storeFromOptions(raw);
  if (raw.projection === true) {
    const projection = readSavedProjection(store, id);
    await writeStdout(format === "json" ? `${JSON.stringify({ id, projection })}\n` : projection);
    return;
  }
  const page = readOutputPage(store, id, { offset, limit, maxBytes, raw: raw.raw === true });
  await writeStdout(format === "json" ? `${JSON.stringify(page)}\n` : `${page.text}\n`);
}
