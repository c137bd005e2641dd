// Ids by position: `last` is the newest stored output, `last~1` the one before it (as git's HEAD~1), `all` every one.
import * as fs from "node:fs";
import { NotFoundError, UsageError } from "../errors.js";
import { ID_PATTERN, validateId } from "./ids.js";
import type { SpillStore } from "./store.js";

const LAST = /^last(?:~(\d+))?$/;

/** The ids of the store's complete outputs (those with a record), newest first. */
export function storedIds(store: SpillStore): string[] {
  store.verify();
  const ids = fs.readdirSync(store.dir).filter((name) => name.endsWith(".json") && ID_PATTERN.test(name.slice(0, -5))).map((name) => name.slice(0, -5));
  return ids.sort().reverse(); // ids sort by creation time
}

/** An id, or `last` / `last~N` resolved against the store (NotFoundError when there are not that many). */
export function resolveId(store: SpillStore, id: string): string {
  const match = LAST.exec(id);
  if (!match) {
    if (id === "all") throw new UsageError("'all' names every output: use it with grep -l or grep -c");
    if (!ID_PATTERN.test(id)) throw new UsageError(`invalid output id: '${id}' (${describeIdProblem(id)})`);
    return validateId(id);
  }
  const back = Number(match[1] ?? "0");
  const ids = storedIds(store);
  const found = ids[back];
  if (found === undefined) throw new NotFoundError(`no output ${id} in ${store.dir}: it holds ${ids.length} stored output${ids.length === 1 ? "" : "s"}`);
  return found;
}

/**
 * What an argument that is no id should be, for `read`, `grep` and `rm`: the whole id as a marker prints it, or an alias;
 * an id cut short says so (ids are never matched by prefix). It said only "accepts an id such as tool_…", not `last`.
 */
function describeIdProblem(id: string): string {
  const prefix = /^tool_[0-9a-z]{0,25}$/.test(id) ? `it is shorter than an id, and ids are never matched by their start: ` : "";
  return `${prefix}accepts a whole id such as tool_01jdq3v2m8x4k7c9r5t0w2y6ab, as printed in a marker, or last, last~1, … for the newest outputs`;
}

/** The ids an argument names: `all` (every stored output, newest first), else the one it resolves to. */
export function resolveIds(store: SpillStore, id: string): string[] {
  return id === "all" ? storedIds(store) : [resolveId(store, id)];
}
