// The smallest budget that works, searched: a refusal names, for each limit it breaks, the least value with which
// the whole bounding (not only the marker alone: a larger budget may let the text through whole, or a cut with a
// shorter marker) writes something within the budget, so that value works and one less is refused.
import { BudgetTooSmallError, type NeededBudget } from "../errors.js";
import { composeBound } from "./compose.js";
import type { CollectedWindow } from "./stream.js";
import type { PlainJsonView } from "./plain-json.js";
import type { BoundOptions, BoundText, Budget, SpillReport } from "./types.js";

const LIMITS = ["maxLines", "maxBytes", "maxTokens"] as const;

/** How many times a named budget that still falls short is raised to what its own refusal names. */
const RAISES = 4;

/**
 * Narrows a refusal of `budget` to the smallest budget that works: each limit it names is searched by halving
 * between the given value (refused) and the named one, the others held at what was found or named. `refusalOf`
 * bounds the same input with another budget and gives its refusal, or undefined when that was written.
 */
export function smallestBudget(refusal: BudgetTooSmallError, budget: Budget, refusalOf: (budget: Budget) => BudgetTooSmallError | undefined): BudgetTooSmallError {
  const works = (tried: Budget): boolean => refusalOf(tried) === undefined;
  let current: Budget = { ...budget, ...refusal.needed };
  // The marker names the budget its read command pages at (marker.ts withReadPage): the named budget writes a
  // marker a digit or two longer than the refused one did, and may fall that short. Raised to what it names.
  let named = refusal.needed;
  let short = refusalOf(current);
  for (let raise = 0; short !== undefined && raise < RAISES; raise += 1) {
    named = { ...named, ...short.needed };
    current = { ...current, ...short.needed };
    short = refusalOf(current);
  }
  if (short !== undefined) return refusal;
  const needed: NeededBudget = {};
  for (const key of LIMITS) {
    const given = budget[key];
    if (named[key] === undefined || given === undefined) continue;
    // This limit was not what refused once the others are raised: it keeps its given value.
    if (works({ ...current, [key]: given })) {
      current = { ...current, [key]: given };
      continue;
    }
    let failing = given;
    let working = current[key]!;
    while (working - failing > 1) {
      const middle = Math.floor((failing + working) / 2);
      if (works({ ...current, [key]: middle })) working = middle;
      else failing = middle;
    }
    current = { ...current, [key]: working };
    needed[key] = working;
  }
  return new BudgetTooSmallError(needed, { maxLines: budget.maxLines, maxBytes: budget.maxBytes, ...(budget.maxTokens !== undefined ? { maxTokens: budget.maxTokens } : {}) });
}

/**
 * composeBound; when it refuses the budget, the refusal names the smallest budget that works for this window
 * (the same bounding tried with larger budgets, the spill saved once and no record written by the tries).
 */
export function composeOrRefuse(
  window: CollectedWindow,
  options: BoundOptions,
  rawBytes: number,
  saveSpill: () => SpillReport,
  saveRecord: (projection: string, spill: SpillReport, lines?: number) => SpillReport,
  plainJson?: (spill: SpillReport) => PlainJsonView | undefined,
): BoundText {
  let saved: SpillReport | undefined;
  const saveOnce = (): SpillReport => (saved ??= saveSpill());
  try {
    return composeBound(window, options, rawBytes, saveOnce, saveRecord, plainJson);
  } catch (error) {
    if (!(error instanceof BudgetTooSmallError)) throw error;
    throw smallestBudget(error, options.budget, (budget) => refusalOf(() => composeBound(window, { ...options, budget }, rawBytes, saveOnce, (_text, spill) => spill, plainJson)));
  }
}

/** Runs `bounding`; its refusal of the budget, or undefined when it wrote (any other error is thrown). */
function refusalOf(bounding: () => unknown): BudgetTooSmallError | undefined {
  try {
    bounding();
    return undefined;
  } catch (error) {
    if (error instanceof BudgetTooSmallError) return error;
    throw error;
  }
}
