// read of a directory (meta.type "directory"): the entries one a line, without line numbers, as opencode lists them.
import type { Budget } from "../bound/types.js";
import { fitItemCount, keepWithinBudget, measureUtf8, type Measure } from "./fit.js";
import type { ToolText } from "./types.js";

/** What to list and how much of it. */
export interface DirectoryOptions {
  path: string;
  /** First entry to show, 1-based. */
  offset: number;
  limit: number;
  budget: Budget;
  measure?: Measure;
}

/**
 * `<path>P</path>`, `<type>directory</type>`, then `<entries>` with one entry a line (subdirectories end in
 * `/` as the tool wrote them), the count or where to continue, and `</entries>`.
 */
export function formatDirectory(entries: readonly string[], options: DirectoryOptions): ToolText {
  const from = Math.max(1, Math.floor(options.offset));
  const candidates = entries.slice(from - 1, from - 1 + Math.max(1, Math.floor(options.limit)));
  const header = `<path>${options.path}</path>\n<type>directory</type>\n<entries>\n`;
  const footerFor = (shown: number): string => {
    const last = from + shown - 1;
    const note = last >= entries.length && from === 1
      ? `(${entries.length} entries)`
      : `(Showing ${shown} of ${entries.length} entries. Use 'offset' parameter to read beyond entry ${last})`;
    return `${shown > 0 ? "\n" : ""}${note}\n</entries>`;
  };
  const measure = options.measure ?? measureUtf8;
  const shown = fitItemCount(candidates, (count) => ({ header, footer: footerFor(count) }), options.budget, measure);
  const parts = keepWithinBudget({ header, body: candidates.slice(0, shown).join("\n"), footer: footerFor(shown) }, options.budget, measure);
  return { ...parts, paged: true };
}
