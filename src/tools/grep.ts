// grep: `Found N matches`, then each file's matches as `  Line N: text`; at most 100 and what fits the budget.
import type { ToolResult } from "../payload.js";
import { fitItemCount, keepWithinBudget, measureUtf8 } from "./fit.js";
import { formatGeneric } from "./generic.js";
import { parseGrepMatches, type GrepMatch } from "./grep-parse.js";
import { cutLongLine, MAX_LINE_CHARS } from "./read-page.js";
import { describeHiddenResults, MAX_RESULTS, NO_FILES_FOUND } from "./result-list.js";
import type { FormatContext, ToolText } from "./types.js";

/** Groups consecutive matches of one file under its path, opencode's layout; capped with a note. */
export function formatGrep(result: ToolResult, context: FormatContext): ToolText {
  const matches = result.ok ? parseGrepMatches(result.data) : undefined;
  if (matches === undefined) return formatGeneric(result);
  if (matches.length === 0) return { header: "", body: NO_FILES_FOUND, footer: "", paged: true };
  const total = matches.length;
  const candidates = renderMatches(matches.slice(0, MAX_RESULTS));
  const frameFor = (shown: number) => ({
    header: `Found ${total} matches${shown < total ? ` (showing first ${shown})` : ""}\n`,
    footer: shown < total ? `${shown > 0 ? "\n\n" : ""}${describeHiddenResults(shown, total, "matches")}` : "",
  });
  const measure = context.measure ?? measureUtf8;
  const shown = fitItemCount(candidates, frameFor, context.budget, measure);
  const parts = { ...frameFor(shown), body: candidates.slice(0, shown).join("\n") };
  return { ...keepWithinBudget(parts, context.budget, measure), paged: true };
}

/** One piece of text per match: its line, preceded by its file's `path:` line when the file changes. */
function renderMatches(matches: readonly GrepMatch[]): string[] {
  return matches.map((match, index) => {
    const line = `  Line ${match.line}: ${cutLongLine(match.text.replace(/\r$/, ""), MAX_LINE_CHARS, "...")}`;
    if (index > 0 && matches[index - 1]!.path === match.path) return line;
    return `${index > 0 ? "\n" : ""}${match.path}:\n${line}`;
  });
}
