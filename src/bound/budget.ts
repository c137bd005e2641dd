// Budgets and how text is measured against them: bytes, lines, estimated or exact tokens.
import { utf8Bytes, type Measure } from "../text/utf8.js";
import { estimateTokenCount } from "./token-estimate.js";
import type { Budget } from "./types.js";

/** Default model budget (SPEC §4): 2000 lines, 50 KiB. */
export const MODEL_BUDGET: Budget = { maxLines: 2000, maxBytes: 51200 };
/** Default terminal budget (SPEC §5): 2000 lines, 8 KiB. */
export const TERMINAL_BUDGET: Budget = { maxLines: 2000, maxBytes: 8192 };

/** Counts tokens of a text; the estimate needs no tokenizer, an exact counter may be plugged in. */
export type TokenCounter = (text: string) => number;

// Made on first use: a Unicode property class costs start-up (ICU builds its set) in every run, and most never count words.
let wordOrPunctuation: RegExp | undefined;

/** Counts words and punctuation marks: the second half of the token estimate. */
export function countWords(text: string): number {
  const pattern = (wordOrPunctuation ??= /[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu);
  let words = 0;
  pattern.lastIndex = 0;
  while (pattern.exec(text) !== null) words += 1;
  return words;
}

/** The token estimate: an upper bound of o200k and cl100k on real tool output (see token-estimate.ts). */
export const estimateTokens: TokenCounter = estimateTokenCount;

/** Lines of a written text: line ends, plus one for a last line without a newline. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 0;
  let index = text.indexOf("\n");
  while (index !== -1) {
    lines += 1;
    index = text.indexOf("\n", index + 1);
  }
  return text.endsWith("\n") ? lines : lines + 1;
}

/** What a written text costs against a budget. */
export interface Cost {
  bytes: number;
  lines: number;
  tokens?: number;
}

/** Measures a text (plus what was reserved around it) the way the budget counts it. */
export function measureCost(text: string, budget: Budget, measure: Measure = utf8Bytes, countTokens: TokenCounter = estimateTokens): Cost {
  const cost: Cost = { bytes: measure(text), lines: countLines(text) };
  if (budget.maxTokens !== undefined) cost.tokens = countTokens(text);
  return cost;
}

/** True when a cost stays within the budget less what is reserved around the body. */
export function fitsBudget(cost: Cost, budget: Budget, reserved: { bytes: number; lines: number; tokens: number }): boolean {
  return (
    cost.bytes + reserved.bytes <= budget.maxBytes &&
    cost.lines + reserved.lines <= budget.maxLines &&
    (budget.maxTokens === undefined || (cost.tokens ?? 0) + reserved.tokens <= budget.maxTokens)
  );
}
