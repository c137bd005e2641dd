// A search pattern as a JavaScript RegExp, for `correx grep` and the MCP `grep_output` tool.
import { UsageError } from "../errors.js";

/** PATTERN as a JavaScript RegExp (or a literal string when `fixed`), case-insensitive when asked. */
export function compilePattern(pattern: string, options: { ignoreCase: boolean; fixed: boolean }): RegExp {
  const source = options.fixed ? pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : pattern;
  try {
    return new RegExp(source, options.ignoreCase ? "i" : "");
  } catch (error) {
    throw new UsageError(`invalid value for PATTERN: '${pattern}' (accepts a JavaScript regular expression, or a literal string with -F: ${(error as Error).message})`);
  }
}
