// The two tools `correx proxy` adds to a server's tools/list, under names that cannot collide with the server's.
import { isRecord } from "../payload.js";
import { GREP_OUTPUT_TOOL, READ_OUTPUT_TOOL, type McpToolDefinition } from "./tool-definitions.js";

/** The names the proxy's read_output and grep_output go by for this server. */
export interface CorrexToolNames {
  read: string;
  grep: string;
}

/**
 * read_output and grep_output when the server has no tool by those names; else correx_read_output (and
 * correx_grep_output); else that with _2, _3 … — the first name no server tool has. A name chosen before is kept
 * while it stays free, so that a model's earlier calls still work after a tools/list_changed.
 */
export function chooseToolNames(serverTools: readonly unknown[], previous: CorrexToolNames): CorrexToolNames {
  const taken = new Set(serverTools.flatMap((tool) => (isRecord(tool) && typeof tool.name === "string" ? [tool.name] : [])));
  const choose = (base: string, kept: string): string => {
    if (!taken.has(kept)) return kept;
    if (!taken.has(base)) return base;
    for (let suffix = 1; ; suffix += 1) {
      const candidate = suffix === 1 ? `correx_${base}` : `correx_${base}_${suffix}`;
      if (!taken.has(candidate)) return candidate;
    }
  };
  return { read: choose(READ_OUTPUT_TOOL.name, previous.read), grep: choose(GREP_OUTPUT_TOOL.name, previous.grep) };
}

/** The tools/list result with correx's two tools appended under their chosen names. */
export function withCorrexTools(result: Record<string, unknown>, names: CorrexToolNames): Record<string, unknown> {
  const rename = (tool: McpToolDefinition, name: string): McpToolDefinition => ({
    ...tool,
    name,
    description: `${tool.description.replaceAll(READ_OUTPUT_TOOL.name, names.read).replaceAll(GREP_OUTPUT_TOOL.name, names.grep)} (Added by correx proxy: results of this server's tools that are too long are cut this way.)`,
  });
  return { ...result, tools: [...(result.tools as unknown[]), rename(READ_OUTPUT_TOOL, names.read), rename(GREP_OUTPUT_TOOL, names.grep)] };
}

/**
 * The server's tools/list, page by page: correx's tools are added to the last page only (the one without
 * nextCursor), under names free on every page of the listing; a page without a cursor in its request starts a new
 * listing. `names` are the ones calls to correx's tools go by.
 */
export class ToolListing {
  names: CorrexToolNames = { read: READ_OUTPUT_TOOL.name, grep: GREP_OUTPUT_TOOL.name };
  /** The server's tools on the pages of the current listing before its last. */
  private earlierPages: unknown[] = [];

  /** A page's result with correx's tools added, or undefined: passed as written (not the last page, or no tools). */
  page(result: Record<string, unknown>, firstPage: boolean): Record<string, unknown> | undefined {
    if (!Array.isArray(result.tools)) return undefined;
    if (firstPage) this.earlierPages = [];
    if (typeof result.nextCursor === "string") {
      this.earlierPages.push(...result.tools);
      return undefined;
    }
    this.names = chooseToolNames([...this.earlierPages, ...result.tools], this.names);
    this.earlierPages = [];
    return withCorrexTools(result, this.names);
  }
}
