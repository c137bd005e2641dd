// The library's budgets, checked as the CLI's flags are: a budget the bounder cannot keep failed deep inside it (a
// RangeError from a buffer four times maxBytes, past 1 GiB) or never returned (maxTokens NaN looped for ever).
import { BudgetTooSmallError, UsageError } from "./errors.js";
import type { Budget } from "./bound/types.js";
import { MAX_BUDGET_BYTES } from "./units.js";

/**
 * Throws UsageError for a budget outside what `--max-bytes`, `--max-lines` and `--max-tokens` accept: maxBytes from 1
 * to 1 GiB, maxLines and maxTokens at least 1 (Infinity: no limit of that kind).
 */
export function checkBudget(budget: Partial<Budget> | undefined): void {
  if (budget === undefined) return;
  const { maxBytes, maxLines, maxTokens } = budget;
  const said = (value: unknown): string => (typeof value === "string" ? JSON.stringify(value) : String(value)); // "1000", a string, is no number
  if (maxBytes !== undefined && !(typeof maxBytes === "number" && maxBytes >= 1 && maxBytes <= MAX_BUDGET_BYTES)) {
    throw new UsageError(`budget.maxBytes ${said(maxBytes)}: accepts a number of bytes from 1 to ${MAX_BUDGET_BYTES} (1 GiB)`);
  }
  if (maxLines !== undefined && !(typeof maxLines === "number" && maxLines >= 1)) throw new UsageError(`budget.maxLines ${said(maxLines)}: accepts a number of lines of at least 1`);
  if (maxTokens !== undefined && !(typeof maxTokens === "number" && maxTokens >= 1)) throw new UsageError(`budget.maxTokens ${said(maxTokens)}: accepts a number of tokens of at least 1, or no maxTokens for no token limit`);
}

/**
 * Runs a library call whose budget the caller gave as options: a refusal (BudgetTooSmallError) names them as given,
 * `budget.maxBytes 10 … the smallest budget that works is budget.maxBytes 127`, not by the CLI's `--max-bytes`, a flag
 * the caller never wrote.
 */
export function inOptionTerms<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw error instanceof BudgetTooSmallError ? error.inOptionTerms() : error;
  }
}
