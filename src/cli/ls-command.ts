// `correx ls`: the stored outputs, newest first (a table, or JSON with --format json), written as they are read.
import { NotFoundError } from "../errors.js";
import { formatListingRow, formatListingTotal, LISTING_HEADER, streamOutputs, type ListedOutput } from "../spill/listing.js";
import { warn, writeStdout } from "./io.js";
import { parseFormat, type RawOptions } from "./options.js";
import { storeFromOptions } from "./read-command.js";

/** Rows are written in batches of this many (one write per batch keeps a 10,000-output listing fast). */
const BATCH_ROWS = 256;

/**
 * Runs `correx ls`; a store that does not exist yet lists as empty. An output changed after it was saved is listed as it
 * is now, `(changed)` after its size, its `warning` in the JSON, and the warning on stderr, as read and grep give it.
 */
export async function runList(raw: RawOptions): Promise<void> {
  const format = parseFormat(raw.format);
  const store = storeFromOptions(raw);
  let outputs: Iterator<ListedOutput>;
  try {
    outputs = streamOutputs(store);
    outputs = peekable(outputs);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    outputs = [][Symbol.iterator]();
  }
  const now = Date.now();
  let count = 0;
  let diskBytes = 0;
  let batch: string[] = [];
  const flush = async (): Promise<void> => {
    await writeStdout(batch.join(""));
    batch = [];
  };
  batch.push(format === "json" ? `{"dir":${JSON.stringify(store.dir)},"outputs":[` : "");
  for (let next = outputs.next(); !next.done; next = outputs.next()) {
    const output = next.value;
    if (output.warning !== undefined) warn(output.warning); // as read and grep say it
    if (count === 0 && format === "text") batch.push(LISTING_HEADER);
    batch.push(format === "json" ? `${count > 0 ? "," : ""}${JSON.stringify(output)}` : formatListingRow(output, now));
    count += 1;
    diskBytes += output.disk_bytes;
    if (batch.length >= BATCH_ROWS) await flush();
  }
  if (format === "json") batch.push(`],"total_bytes":${diskBytes}}\n`);
  else batch.push(count === 0 ? `No stored outputs in ${store.dir}\n` : formatListingTotal(count, diskBytes, store.dir));
  await flush();
}

/** Starts a generator now, so that a missing store throws here rather than at the first row. */
function peekable<T>(iterator: Iterator<T>): Iterator<T> {
  const first = iterator.next();
  let used = false;
  return { next: () => (used ? iterator.next() : ((used = true), first)) };
}
