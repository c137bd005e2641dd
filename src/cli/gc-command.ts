// `correx gc`: applies retention and quota to the store now (or, with --dry-run, says what it would remove).
// Collection in passing, for the commands that spill, is passing-collection.ts (it loads none of gc's reporting).
import { homedir } from "node:os";
import { NotFoundError } from "../errors.js";
import { formatCollectionJson, formatCollectionText } from "../spill/collection-text.js";
import { collectStore } from "../spill/lifecycle.js";
import { defaultConfigPath, resolveStoreSettings } from "../spill/settings.js";
import { warn, writeStdout } from "./io.js";
import { parseFormat, type RawOptions } from "./options.js";
import { storeFromOptions } from "./read-command.js";

/** Runs `correx gc`; a store that does not exist yet has nothing to collect. */
export async function runCollect(raw: RawOptions): Promise<void> {
  const format = parseFormat(raw.format);
  const warnings: string[] = [];
  const settings = resolveStoreSettings({
    flags: { maxAge: raw.maxAge, quota: raw.quota },
    env: process.env,
    configPath: defaultConfigPath(process.env, homedir()),
    warnings,
  });
  for (const warning of warnings) warn(warning);
  const store = storeFromOptions(raw);
  try {
    const report = collectStore(store, settings, Date.now(), { dryRun: raw.dryRun === true });
    if (report.stampNotWritten !== undefined) warn(`${report.stampNotWritten}: nothing needed removing, so the store is collected; only the time of this collection is not recorded`);
    await writeStdout(format === "json" ? formatCollectionJson(report, settings, store.dir) : formatCollectionText(report, settings, store.dir));
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    await writeStdout(format === "json" ? `${JSON.stringify({ dir: store.dir, missing: true, removed: [] })}\n` : `No spill store at ${store.dir}: nothing to collect.\n`);
  }
}
