// Default bounding options (SPEC §4): both ends kept, a fifth for the head, all hygiene on.
import { UsageError } from "../errors.js";
import { MODEL_BUDGET } from "./budget.js";
import type { BoundOptions, BoundOptionsInput, HygieneOptions } from "./types.js";

/** Hygiene on: escapes removed, redraws collapsed, repeats folded, binary summarized. */
export const DEFAULT_HYGIENE: HygieneOptions = { stripAnsi: true, collapse: true, foldRepeats: true, detectBinary: true };
/** Hygiene off (`--raw`): the bytes pass as they came (BOM, UTF-16 too), only invalid UTF-8 becomes U+FFFD. */
export const RAW_HYGIENE: HygieneOptions = { stripAnsi: false, collapse: false, foldRepeats: false, detectBinary: false, keepEncoding: true };

/** The options `bound` uses for whatever the caller leaves out. */
export const DEFAULT_BOUND_OPTIONS: BoundOptions = {
  budget: MODEL_BUDGET,
  keep: "both",
  headRatio: 0.2,
  style: "correx",
  hygiene: DEFAULT_HYGIENE,
  salience: true,
};

/**
 * Fills in defaults, nested budget and hygiene included; a defaulted option given as undefined (an optional field
 * passed on: `{ headRatio: opts.headRatio }`), or a budget or hygiene field given so, takes its default, as an absent
 * one does (headRatio undefined looped for ever). A head ratio outside 0..1 (a percentage, `20`, given for `0.2`) is a UsageError, as `--head-ratio` is:
 * it showed no head and no tail, the whole budget left empty.
 */
export function resolveBoundOptions(options: BoundOptionsInput = {}): BoundOptions {
  const given: BoundOptionsInput = { ...options };
  for (const key of DEFAULTED) if (given[key] === undefined) delete given[key];
  const ratio = given.headRatio;
  if (ratio !== undefined && !(ratio >= 0 && ratio <= 1)) throw new UsageError(`headRatio ${String(ratio)}: accepts a number from 0 to 1 (the head's share of the budget, e.g. 0.2)`);
  return {
    ...DEFAULT_BOUND_OPTIONS,
    ...given,
    budget: { ...DEFAULT_BOUND_OPTIONS.budget, ...defined(given.budget) },
    hygiene: { ...DEFAULT_HYGIENE, ...defined(given.hygiene) },
  };
}

/** The fields of `object` that have a value. */
function defined<T extends object>(object: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(object ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The options DEFAULT_BOUND_OPTIONS gives a value. */
const DEFAULTED = Object.keys(DEFAULT_BOUND_OPTIONS) as (keyof BoundOptions)[];
