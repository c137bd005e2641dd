// glob: one path a line, or `No files found`; at most 100 paths and what fits the budget, then a note.
import { isRecord, type ToolResult } from "../payload.js";
import { fitItemCount, keepWithinBudget, measureUtf8 } from "./fit.js";
import { formatGeneric } from "./generic.js";
import { describeHiddenResults, MAX_RESULTS, NO_FILES_FOUND } from "./result-list.js";
import type { FormatContext, ToolText } from "./types.js";

/** The paths a glob result lists: data as text (one path a line) or a JSON list of strings; undefined otherwise. */
function readGlobPaths(data: unknown): string[] | undefined {
  if (typeof data === "string") return data.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (Array.isArray(data) && data.every((item) => typeof item === "string")) return data.filter((item) => item !== "");
  if (isRecord(data) && Array.isArray(data.files)) return readGlobPaths(data.files);
  return undefined;
}

/** Lists the paths, capped at 100 and at the budget, with a note naming how many were left out. */
export function formatGlob(result: ToolResult, context: FormatContext): ToolText {
  const paths = result.ok ? readGlobPaths(result.data) : undefined;
  if (paths === undefined) return formatGeneric(result);
  if (paths.length === 0) return { header: "", body: NO_FILES_FOUND, footer: "", paged: true };
  const measure = context.measure ?? measureUtf8;
  const candidates = paths.slice(0, MAX_RESULTS);
  const footerFor = (shown: number): string =>
    shown === paths.length ? "" : `${shown > 0 ? "\n\n" : ""}${describeHiddenResults(shown, paths.length, "results")}`;
  const shown = fitItemCount(candidates, (count) => ({ header: "", footer: footerFor(count) }), context.budget, measure);
  const parts = { header: "", body: candidates.slice(0, shown).join("\n"), footer: footerFor(shown) };
  return { ...keepWithinBudget(parts, context.budget, measure), paged: true };
}
