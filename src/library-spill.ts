// The library's spill targets: a marker's `correx read ID` must find the output where the library saved it. The CLI
// says `--spill-dir DIR` when its store is not the one `correx read` finds (cli/pipeline.ts openSpill); a harness that
// gives the library a store of its own (a temporary folder, a folder per session) got a marker whose read command
// looked in the default store and answered that the output was never there.
import { homedir } from "node:os";
import * as path from "node:path";
import { shellQuote } from "./bound/marker.js";
import type { SpillTarget } from "./bound/session.js";
import { defaultConfigPath } from "./spill/config-path.js";
import { configuredSpillDir } from "./spill/spill-dir.js";

/**
 * The target with the `correx read` arguments its marker needs: as given when `readArguments` is set ("" for none),
 * else `--spill-dir DIR` when the store is not the one `correx read` finds in this process's environment (its
 * CORREX_SPILL_DIR, else the config file's spillDir, else the XDG state directory).
 */
export function withReadArguments(target: SpillTarget | undefined, env: NodeJS.ProcessEnv = process.env, home = homedir()): SpillTarget | undefined {
  if (target === undefined || target.readArguments !== undefined) return target;
  const found = path.resolve(configuredSpillDir(env, home, defaultConfigPath(env, home)));
  return found === target.store.dir ? target : { ...target, readArguments: `--spill-dir ${shellQuote(target.store.dir)}` };
}
