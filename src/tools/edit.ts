// edit / apply_patch: the model reads where files changed and by how much; the diff itself goes to the terminal.
import type { ToolResult } from "../payload.js";
import { formatGeneric } from "./generic.js";
import { pickNumber, pickPath, pickString } from "./meta.js";
import { summarizePatch, type FileChange } from "./patch-stats.js";
import type { FormatContext, ToolText } from "./types.js";

/** How many changed-line ranges a summary names before it says how many more there are. */
const MAX_RANGES = 10;

/**
 * One line per changed file (`Edited file successfully: PATH (+A -B; lines 10-12, 40)`, `Created …`,
 * `Deleted …`), then `Replacements: N` when meta.replacements says it. The patch is read from data
 * (a diff or envelope text, or an object's `diff` / `patch`) or from meta.diff / meta.patch. A data text
 * that is not the patch is the tool's own message (e.g. diagnostics): it follows the summary, or stands
 * alone when there is no patch.
 */
export function formatEdit(result: ToolResult, context: Pick<FormatContext, "style"> = {}): ToolText {
  const patch = findPatchText(result);
  const changes = patch === undefined ? undefined : summarizePatch(patch);
  const message = typeof result.data === "string" && result.data !== patch ? result.data.replace(/(\r?\n)+$/, "") : "";
  const path = pickPath(result.meta);
  if (!result.ok || (changes === undefined && (path === undefined || message !== ""))) return formatGeneric(result);
  const lines = changes ? changes.map((change) => describeChange(change, path)) : [`Edited file successfully: ${path}`];
  const replacements = pickNumber(result.meta, "replacements");
  if (replacements !== undefined) lines.push(`Replacements: ${replacements}`);
  const summary = lines.join("\n") + (message === "" ? "" : `\n\n${message}`);
  if (context.style === "opencode" && changes && patch !== undefined) return formatOpencodeEdit(changes, patch, path, replacements, message);
  return {
    header: "",
    body: summary,
    footer: "",
    paged: false,
    ...(changes && patch !== undefined ? { terminalBody: `${summary}\n\n${patch.replace(/(\r?\n)+$/, "")}` } : {}),
  };
}

/**
 * opencode's edit text (`--style opencode`): one `Edited file successfully: PATH` line per file, `Replacements: N`,
 * then the diff in a ```diff block, so the model reads the change itself. The terminal shows the same text.
 */
function formatOpencodeEdit(changes: readonly FileChange[], patch: string, path: string | undefined, replacements: number | undefined, message: string): ToolText {
  const lines = changes.map((change) => {
    const verb = change.kind === "add" ? "Created" : change.kind === "delete" ? "Deleted" : "Edited";
    return `${verb} file successfully: ${change.path ?? path ?? "(unknown path)"}`;
  });
  if (replacements !== undefined) lines.push(`Replacements: ${replacements}`);
  const diff = `\`\`\`diff\n${patch.replace(/(\r?\n)+$/, "")}\n\n\`\`\``;
  return { header: "", body: [lines.join("\n"), diff, ...(message === "" ? [] : [`\n${message}`])].join("\n"), footer: "", paged: false };
}

function findPatchText(result: ToolResult): string | undefined {
  if (typeof result.data === "string" && summarizePatch(result.data) !== undefined) return result.data;
  return pickString(result.data, "diff", "patch") ?? pickString(result.meta, "diff", "patch");
}

/** The summary line of one file's change. */
function describeChange(change: FileChange, fallbackPath?: string): string {
  const verb = change.kind === "add" ? "Created" : change.kind === "delete" ? "Deleted" : "Edited";
  const details: string[] = [];
  if (change.binary) details.push("binary");
  else if (!(change.kind === "delete" && change.removed === 0)) details.push(`+${change.added} -${change.removed}`);
  if (change.kind === "update" && change.ranges.length > 0) details.push(describeRanges(change.ranges));
  if (change.movedFrom !== undefined && change.movedFrom !== change.path) details.push(`moved from ${change.movedFrom}`);
  const path = change.path ?? fallbackPath ?? "(unknown path)";
  return `${verb} file successfully: ${path}${details.length > 0 ? ` (${details.join("; ")})` : ""}`;
}

function describeRanges(ranges: readonly { from: number; to: number }[]): string {
  const named = ranges.slice(0, MAX_RANGES).map((range) => (range.from === range.to ? `${range.from}` : `${range.from}-${range.to}`));
  const more = ranges.length > MAX_RANGES ? ` and ${ranges.length - MAX_RANGES} more` : "";
  const single = ranges.length === 1 && ranges[0]!.from === ranges[0]!.to;
  return `${single ? "line" : "lines"} ${named.join(", ")}${more}`;
}
