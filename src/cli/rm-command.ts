// `correx rm ID…`: removes stored outputs now; each leaves a tombstone, so a later read says who removed it.
import { UsageError } from "../errors.js";
import { resolveId } from "../spill/aliases.js";
import { entryBytes, takeInventory } from "../spill/inventory.js";
import { removeOutput } from "../spill/lifecycle.js";
import { explainMissing } from "../spill/lookup.js";
import { createTombstone } from "../spill/tombstones.js";
import { EXIT } from "./exit-codes.js";
import { writeStdout } from "./io.js";
import { parseFormat, type RawOptions } from "./options.js";
import { storeFromOptions } from "./read-command.js";

/** Runs `correx rm ID…`; exit 1 when an id names nothing stored (the others are removed all the same). */
export async function runRemove(ids: string[], raw: RawOptions): Promise<number> {
  const format = parseFormat(raw.format);
  const store = storeFromOptions(raw);
  // `all` is grep's (-l, -c): resolveId's "use it with grep -l or grep -c" told rm's user to grep
  if (ids.includes("all")) throw new UsageError("'all' is no id rm takes: it removes the outputs named (to empty the store, correx gc --max-age 0)");
  const resolved = ids.map((id) => resolveId(store, id)); // aliases first: removing `last` must not shift `last~1`
  const sizes = new Map(takeInventory(store).entries.map((entry) => [entry.id, entry]));
  const removed: { id: string; bytes: number }[] = [];
  const missing: string[] = [];
  for (const id of new Set(resolved)) {
    const entry = sizes.get(id);
    if (!entry?.record) {
      missing.push(id);
      continue;
    }
    removeOutput(store, createTombstone(id, "removed", entryBytes(entry), Date.now()));
    removed.push({ id, bytes: entryBytes(entry) });
  }
  if (format === "json") await writeStdout(`${JSON.stringify({ dir: store.dir, removed, missing })}\n`);
  else await writeStdout(removed.map((output) => `removed ${output.id}\n`).join(""));
  for (const id of missing) process.stderr.write(`correx: ${explainMissing(store, id, false).message}\n`);
  return missing.length > 0 ? EXIT.failure : EXIT.ok;
}

