// Default bounding options (SPEC §4): both ends kept, a fifth for the head, all hygiene on.
import { MODEL_BUDGET } from "./budget.js";
import type { BoundOptions, HygieneOptions } from "./types.js";

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

/** Fills in defaults, nested budget and hygiene included. */
export function resolveBoundOptions(options: Partial<BoundOptions> = {}): BoundOptions {
  return {
    ...DEFAULT_BOUND_OPTIONS,
    ...options,
    budget: { ...DEFAULT_BOUND_OPTIONS.budget, ...options.budget },
    hygiene: { ...DEFAULT_HYGIENE, ...options.hygiene },
  };
}
