// `correx gc`: applies retention and quota to the store now (or, with --dry-run, says what it would remove);
// and collection in passing for the commands that spill (bound, run), which must never wait on a big store.
import { nodeChildProcess } from "../lazy-builtin.js";
import { homedir } from "node:os";
import { assertNever, NotFoundError } from "../errors.js";
import { formatCollectionJson, formatCollectionText } from "../spill/collection-text.js";
import { collectStore, maybeCollect, PASSING_BUDGET_MS } from "../spill/lifecycle.js";
import { defaultConfigPath, resolveStoreSettings, type StoreSettings } from "../spill/settings.js";
import type { SpillStore } from "../spill/store.js";
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
    await writeStdout(format === "json" ? formatCollectionJson(report, settings, store.dir) : formatCollectionText(report, settings, store.dir));
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    await writeStdout(format === "json" ? `${JSON.stringify({ dir: store.dir, missing: true, removed: [] })}\n` : `No spill store at ${store.dir}: nothing to collect.\n`);
  }
}

/** Overrides for tests and benches: the clock, the budget, and the correx launcher the background gc runs. */
export interface PassingOptions {
  now?: number;
  budgetMs?: number;
  launcher?: string;
}

/**
 * Collection in passing, for bound and run after they spilled: nothing when not due (one lstat); a few ms of
 * work when due; and when the store is too big for that, a detached `correx gc` finishes the job (as git's
 * `gc --auto` does). Returns a warning for stderr when collecting failed, else undefined.
 */
export function collectInPassing(store: SpillStore, settings: StoreSettings, options: PassingOptions = {}): string | undefined {
  const outcome = maybeCollect(store, settings, options.now ?? Date.now(), options.budgetMs ?? PASSING_BUDGET_MS);
  switch (outcome.status) {
    case "not-due":
    case "collected":
      return undefined;
    case "deferred":
      startBackgroundCollection(store, settings, options.launcher ?? process.argv[1]);
      return undefined;
    case "failed":
      return outcome.reason;
    default:
      return assertNever(outcome, "collection outcome");
  }
}

function startBackgroundCollection(store: SpillStore, settings: StoreSettings, launcher: string | undefined): void {
  if (!launcher) return;
  const args = [launcher, "gc", "--spill-dir", store.dir, "--max-age", `${settings.maxAgeMs}ms`, "--quota", String(settings.quotaBytes)];
  const child = nodeChildProcess().spawn(process.execPath, args, { detached: true, stdio: "ignore" });
  child.on("error", () => {}); // best effort: the next collection in passing tries again
  child.unref();
}
