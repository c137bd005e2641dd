// `correx ls`: the stored outputs, newest first (a table, or JSON with --format json).
import { NotFoundError } from "../errors.js";
import { formatListing, listOutputs, type ListedOutput } from "../spill/listing.js";
import { writeStdout } from "./io.js";
import { parseFormat, type RawOptions } from "./options.js";
import { storeFromOptions } from "./read-command.js";

/** Runs `correx ls`; a store that does not exist yet lists as empty. */
export async function runList(raw: RawOptions): Promise<void> {
  const format = parseFormat(raw.format);
  const store = storeFromOptions(raw);
  let outputs: ListedOutput[];
  try {
    outputs = listOutputs(store);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    outputs = [];
  }
  if (format === "json") {
    const totalBytes = outputs.reduce((sum, output) => sum + output.size, 0);
    await writeStdout(`${JSON.stringify({ dir: store.dir, total_bytes: totalBytes, outputs })}\n`);
    return;
  }
  await writeStdout(formatListing(outputs, store.dir, Date.now()));
}
