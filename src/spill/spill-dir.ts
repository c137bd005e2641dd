// Where the store is when no --spill-dir is given: one answer for the commands that save outputs (bound, run, mcp,
// proxy, hook) and those that read them (read, grep, ls, rm, gc).
import * as fs from "node:fs";
import * as path from "node:path";
import { isRecord } from "../payload.js";
import { defaultSpillDir } from "./store.js";

/**
 * $CORREX_SPILL_DIR, else the config file's `spillDir`, else the XDG state directory (README: the environment beats
 * the file). The config file's value was a flag default before: it beat the environment, and read, grep, ls, rm and
 * gc, which never read the file, looked in another store (`correx read last` showed another output). `file`: the
 * config file already read; without it, it is read here, and one that cannot be read is left to the saving commands
 * to warn about.
 */
export function configuredSpillDir(env: NodeJS.ProcessEnv, home: string, configPath: string, file?: Record<string, unknown>): string {
  if (env.CORREX_SPILL_DIR) return env.CORREX_SPILL_DIR;
  const value = (file ?? readQuietly(configPath)).spillDir;
  return typeof value === "string" && value !== "" ? fileSpillDir(value, configPath, home) : defaultSpillDir(env, home);
}

/**
 * The config file's `spillDir` as a path: JSON has no shell to expand it, so a leading `~` is the home directory (as
 * written, `"~/.cache/correx"` made a directory named `~` in every directory correx ran in) and a relative path is
 * taken from the file's folder, not from wherever correx runs.
 */
export function fileSpillDir(value: string, configPath: string, home: string): string {
  const expanded = value === "~" ? home : value.startsWith("~/") ? path.join(home, value.slice(2)) : value;
  return path.resolve(path.dirname(configPath), expanded);
}

/** The config file as an object; {} when it is missing or not one (bound and run warn about it). */
function readQuietly(configPath: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(configPath, "utf8"));
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * Whether a command that names the store must say where it is (`--spill-dir ABSOLUTE`): a store named by a flag or
 * the config file, which a shell elsewhere may not see, or a relative $CORREX_SPILL_DIR, which names another store
 * from another directory (a marker's `correx read` run from the agent's next working directory looked there).
 */
export function storeNeedsNaming(flag: string | undefined, env: NodeJS.ProcessEnv, fileSpillDir: unknown): boolean {
  if (flag !== undefined) return true;
  if (env.CORREX_SPILL_DIR) return !path.isAbsolute(env.CORREX_SPILL_DIR);
  return typeof fileSpillDir === "string" && fileSpillDir !== "";
}
