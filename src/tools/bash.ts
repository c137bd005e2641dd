// bash / run / shell: the command's output, then one sentence on how it ended (opencode's wording).
import type { ToolResult } from "../payload.js";
import { formatProcessFooter, textOfValue } from "./generic.js";
import type { ToolText } from "./types.js";

/** Shown instead of an empty output, so the model can tell "nothing printed" from "nothing kept". */
export const NO_OUTPUT = "(no output)";

/** The command's output (its trailing newlines dropped; `(no output)` when empty) and how it ended. */
export function formatBash(result: ToolResult): ToolText {
  const output = textOfValue(result.data !== undefined ? result.data : result.error).replace(/(\r?\n)+$/, "");
  return { header: "", body: output === "" ? NO_OUTPUT : output, footer: formatProcessFooter(result), paged: false };
}

