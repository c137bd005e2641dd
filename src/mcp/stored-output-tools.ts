// `read_output` and `grep_output`: page and search the spill store for an MCP client (SPEC §4's formats).
import type { TokenCounter } from "../bound/budget.js";
import type { Budget } from "../bound/types.js";
import { resolveId } from "../spill/aliases.js";
import { withoutOtherStoreHint } from "../spill/lookup.js";
import { compilePattern, type SearchPattern } from "../spill/pattern.js";
import { readOutputPage } from "../spill/read-output.js";
import { searchOutput, searchRecentOutputs, type OutputSearch } from "../spill/search-output.js";
import type { SpillStore } from "../spill/store.js";
import { DEFAULT_PAGE_LINES } from "../tools/read-page.js";
import { fittedAnswer, optionalBoolean, optionalInteger, optionalString, ToolArgumentError, type AnswerBudget, type ToolAnswer } from "./tool-answer.js";

/**
 * The store the tools read and the budget of their answers: the one a successful result to the calling client is
 * bounded to (client-limits.ts successBudget), so that a page fits where the result whose marker named it fit; its
 * tokens counted by the server's counter (the estimate, or --tokenizer o200k) when --max-tokens is given.
 */
export interface StoredOutputContext extends AnswerBudget {
  store: SpillStore;
  /** Lines of a page's text, its frame's five included (opencode keeps only the head of a text past 2,000 lines). */
  maxLines?: number;
}

/** The context of a server whose successful results to the calling client get `budget` (client-limits.ts successBudget). */
export function storedOutputContext(store: SpillStore, budget: Budget, countTokens?: TokenCounter): StoredOutputContext {
  return { store, maxBytes: budget.maxBytes, maxLines: budget.maxLines, ...(budget.maxTokens === undefined ? {} : { maxTokens: budget.maxTokens }), ...(countTokens ? { countTokens } : {}) };
}

/** How many of the newest outputs a search without id looks at. */
export const RECENT_OUTPUTS = 20;
const DEFAULT_CONTEXT = 2;
const DEFAULT_MAX_MATCHES = 50;

/**
 * The output an `id` argument names: a tool_… id, or `last`, `last~1`, … (the newest stored outputs, resolved once, so
 * that every page fittedAnswer tries reads the same one), as `correx read` takes them; they were refused as no id.
 */
function storedOutputId(store: SpillStore, id: string, tool: string): string {
  if (id === "all") throw new ToolArgumentError(tool === "grep_output" ? `id "all" is not an output: omit id to search the newest ${RECENT_OUTPUTS} saved outputs` : `id "all" is not an output: read_output reads one (a tool_… id, or last)`);
  return withoutOtherStoreHint(() => resolveId(store, id));
}

/** `read_output {id, offset?, limit?}`: a page in the read format, next_offset in the structured facts. */
export function answerReadOutput(args: Record<string, unknown>, context: StoredOutputContext): ToolAnswer {
  const given = optionalString(args, "id");
  if (given === undefined) throw new ToolArgumentError("id is required (the tool_… id from a marker, or last)");
  const offset = optionalInteger(args, "offset", 1) ?? 1;
  const limit = optionalInteger(args, "limit", 1) ?? DEFAULT_PAGE_LINES;
  const byteOffset = optionalInteger(args, "byte_offset", 0);
  const id = storedOutputId(context.store, given, "read_output");
  const { maxLines, maxTokens } = context;
  const lineAndTokenBudgets = { ...(maxLines === undefined ? {} : { maxLines }), ...(maxTokens === undefined ? {} : { maxTokens }) };
  return fittedAnswer(context, (maxBytes) => {
    const page = { offset, limit, maxBytes, ...lineAndTokenBudgets, raw: false, ...(byteOffset === undefined ? {} : { byteOffset }) };
    const { text, not_saved_bytes: _notSaved, lines: _lines, ...facts } = withoutOtherStoreHint(() => readOutputPage(context.store, id, page));
    return { text, structured: facts };
  });
}

/** `grep_output {pattern, id?, …}`: matches with context in one output, or in the newest ones. */
export function answerGrepOutput(args: Record<string, unknown>, context: StoredOutputContext): ToolAnswer {
  const source = optionalString(args, "pattern");
  if (source === undefined || source === "") throw new ToolArgumentError("pattern is required (an RE2 regular expression, as grep -E)");
  let pattern: SearchPattern;
  try {
    pattern = compilePattern(source, { ignoreCase: optionalBoolean(args, "ignore_case") ?? false, fixed: optionalBoolean(args, "fixed_strings") ?? false, fixedOption: "fixed_strings: true", patternName: "pattern" });
  } catch (error) {
    throw new ToolArgumentError((error as Error).message);
  }
  const settings = {
    pattern,
    max: optionalInteger(args, "max_matches", 1) ?? DEFAULT_MAX_MATCHES,
    context: optionalInteger(args, "context", 0, 50) ?? DEFAULT_CONTEXT,
    raw: false,
    moreHint: "Use max_matches or a more specific pattern.",
  };
  const given = optionalString(args, "id");
  const id = given === undefined ? undefined : storedOutputId(context.store, given, "grep_output");
  const describe = (found: OutputSearch) => ({
    id: found.id, total_matches: found.total_matches, total_lines: found.total_lines, lines: found.matches.map((match) => match.line),
    ...(found.warning !== undefined ? { warning: found.warning } : {}),
  });
  return fittedAnswer(context, (maxBytes) => {
    const options = { ...settings, maxBytes };
    if (id !== undefined) {
      const found = withoutOtherStoreHint(() => searchOutput(context.store, id, options));
      return { text: found.text, structured: { total_matches: found.total_matches, outputs: [describe(found)] } };
    }
    const recent = searchRecentOutputs(context.store, RECENT_OUTPUTS, options);
    const unshown = recent.unshown ? [recent.unshown] : [];
    const total = [...recent.results, ...unshown].reduce((sum, found) => sum + found.total_matches, 0);
    return { text: recent.text, structured: { total_matches: total, outputs: [...recent.results.map(describe), ...unshown] } };
  });
}
