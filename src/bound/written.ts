// The budget checked on what is written: the rendered output (frame, envelope, status line) when a renderer is given.
import { BudgetTooSmallError, type NeededBudget } from "../errors.js";
import { ID_PATTERN } from "../spill/ids.js";
import { utf8Bytes } from "../text/utf8.js";
import { countLines, estimateTokens, measureCost, type TokenCounter } from "./budget.js";
import type { BoundOptions, BoundText, SpillReport } from "./types.js";

/** How far a written output goes past each limit (zero or less: within it). */
export interface Overrun {
  bytes: number;
  lines: number;
  tokens: number;
}

const NOTHING_BESIDE = { bytes: 0, lines: 0, tokens: 0 };

/** A spill id of the same form that costs the most tokens: every character a token of its own. */
const COSTLIEST_ID = `tool_${"0a".repeat(13)}`;

/**
 * A token counter that counts the spill id (random, so its tokens vary from run to run) as the costliest id of
 * its form. A cut, a refusal and the smallest budget it names then do not depend on the id.
 */
export function steadyTokenCounter(spill: SpillReport | undefined, countTokens: TokenCounter): TokenCounter {
  const id = spill !== undefined && spill.kind !== "disabled" ? spill.id : undefined;
  if (id === undefined || !ID_PATTERN.test(id)) return countTokens;
  return (text) => countTokens(text.replaceAll(id, COSTLIEST_ID));
}

/** Measures a bounded text as written against the budget (tokens with the costliest spill id, see above). */
export function overrunOf(bound: BoundText, options: BoundOptions): Overrun {
  const { budget } = options;
  const countTokens = steadyTokenCounter(bound.spill, options.countTokens ?? estimateTokens);
  const rendered = options.render !== undefined;
  const cost = rendered
    ? measureCost(options.render!(bound), budget, utf8Bytes, countTokens)
    : measureCost(bound.text, budget, options.measure ?? utf8Bytes, countTokens);
  // A renderer writes the reserved frame and envelope itself; what is written beside it (reservedBeside) is not in
  // what it returns, so it is counted on top (else a text that fills the budget leaves no room for it).
  const reserved = rendered ? (options.reservedBeside ?? NOTHING_BESIDE) : { bytes: options.reservedBytes ?? 0, lines: options.reservedLines ?? 0, tokens: options.reservedTokens ?? 0 };
  // Lines on the body: reservedLines holds every reservation's lines, reservedBeside's too.
  const lines = rendered && options.linesOnBody ? countLines(bound.text) + (options.reservedLines ?? 0) + (options.linesBeside?.(bound) ?? 0) : cost.lines + reserved.lines;
  return {
    bytes: cost.bytes + reserved.bytes - budget.maxBytes,
    lines: lines - budget.maxLines,
    tokens: budget.maxTokens === undefined ? Number.NEGATIVE_INFINITY : (cost.tokens ?? 0) + reserved.tokens - budget.maxTokens,
  };
}

/** True when nothing is over. */
export function withinBudget(over: Overrun): boolean {
  return over.bytes <= 0 && over.lines <= 0 && over.tokens <= 0;
}

/**
 * Returns a bounded text that must be written whole (the marker alone, a binary summary) when it fits; else
 * throws BudgetTooSmallError naming, for each limit it breaks, the smallest value that holds it.
 */
export function requireWithinBudget(bound: BoundText, options: BoundOptions): BoundText {
  const over = overrunOf(bound, options);
  if (withinBudget(over)) return bound;
  const { budget } = options;
  const needed: NeededBudget = {};
  const given: NeededBudget = { maxLines: budget.maxLines, maxBytes: budget.maxBytes, ...(budget.maxTokens !== undefined ? { maxTokens: budget.maxTokens } : {}) };
  if (over.lines > 0) needed.maxLines = budget.maxLines + over.lines;
  if (over.bytes > 0) needed.maxBytes = budget.maxBytes + over.bytes;
  if (over.tokens > 0 && budget.maxTokens !== undefined) needed.maxTokens = budget.maxTokens + over.tokens;
  throw new BudgetTooSmallError(needed, given);
}
