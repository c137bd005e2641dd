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

/** Whether `id` names outputs by position rather than by id. */
export function isAlias(id: string): boolean {
  return LAST.test(id) || id === "all";
}

/** An id, or `last` / `last~N` resolved against the store (NotFoundError when there are not that many). */
export function resolveId(store: SpillStore, id: string): string {
  const match = LAST.exec(id);
  if (!match) {
    if (id === "all") throw new UsageError("'all' names every output: use it with grep -l or grep -c");
    return validateId(id);
  }
  const back = Number(match[1] ?? "0");
  const ids = storedIds(store);
  const found = ids[back];
  if (found === undefined) throw new NotFoundError(`no output ${id} in ${store.dir}: it holds ${ids.length} stored output${ids.length === 1 ? "" : "s"}`);
  return found;
}

/** The ids an argument names: `all` (every stored output, newest first), else the one it resolves to. */
export function resolveIds(store: SpillStore, id: string): string[] {
  return id === "all" ? storedIds(store) : [resolveId(store, id)];
}
