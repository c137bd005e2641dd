// Collection in passing for the commands that spill (bound, run, proxy), which must never wait on a big store: the
// store's retention and quota applied after a save when due, or handed to a detached `correx gc` (gc-command.ts).
import { assertNever } from "../errors.js";
import { nodeChildProcess } from "../lazy-builtin.js";
import { maybeCollect, PASSING_BUDGET_MS } from "../spill/lifecycle.js";
import type { StoreSettings } from "../spill/settings.js";
import type { SpillStore } from "../spill/store.js";

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
  const child = nodeChildProcess().spawn(process.execPath, args, { detached: true, stdio: "ignore", env: launcherEnv(process.env) });
  child.on("error", () => {}); // best effort: the next collection in passing tries again
  child.unref();
}

/**
 * `env` as bin/correx's sh line hands it to node: NODE_EXTRA_CA_CERTS moved to CORREX_NODE_EXTRA_CA_CERTS, so that
 * the correx started with node itself does not read the certificates at start-up either (it puts the variable back).
 */
export function launcherEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: certs, CORREX_NODE_EXTRA_CA_CERTS: _moved, ...rest } = env;
  return certs === undefined ? rest : { ...rest, CORREX_NODE_EXTRA_CA_CERTS: certs };
}
