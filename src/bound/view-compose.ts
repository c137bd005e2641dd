// A structured input that does not fit, written as its JSON view (json-view.ts) and a marker, within the budget.
import { utf8Bytes } from "../text/utf8.js";
import { countLines, estimateTokens, fitsBudget, measureCost } from "./budget.js";
import { formatMarker } from "./marker.js";
import type { CollectedWindow } from "./stream.js";
import type { BoundOptions, BoundText, SpillReport } from "./types.js";

/** The marker under a JSON view: what the view is, and where the full text is. */
export function formatViewMarker(totalLines: number, totalBytes: number, spill: SpillReport): string {
  const where = formatMarker({ fromLine: 1, toLine: totalLines, wholeLines: totalLines, cutInsideLines: false, omittedBytes: totalBytes, totalLines, totalBytes }, spill).split("\n")[1];
  return `[JSON view of ${totalLines} lines (${totalBytes} bytes in all): the value's shape; "… N more items/keys: lines A-B …" name lines of the full text]\n${where}`;
}

/** The view and its marker when a view fits the budget (reserved room included), else undefined. */
export function composeView(window: CollectedWindow, options: BoundOptions, spill: SpillReport, rawBytes: number): BoundText | undefined {
  if (!options.view) return undefined;
  const measure = options.measure ?? utf8Bytes;
  const countTokens = options.countTokens ?? estimateTokens;
  const reserved = { bytes: options.reservedBytes ?? 0, lines: options.reservedLines ?? 0, tokens: options.reservedTokens ?? 0 };
  const marker = formatViewMarker(window.totalLines, rawBytes, spill);
  const join = (view: string): string => `${view}\n${marker}`;
  const fits = (view: string): boolean => fitsBudget(measureCost(join(view), options.budget, measure, countTokens), options.budget, reserved);
  const view = options.view(fits, Math.max(0, options.budget.maxBytes - reserved.bytes));
  if (view === undefined) return undefined;
  const text = join(view);
  return {
    head: `${view}\n`, marker, tail: "", text, truncated: true, totalBytes: rawBytes, totalLines: window.totalLines,
    omittedBytes: Math.max(0, rawBytes - utf8Bytes(view)), omittedLines: Math.max(0, window.totalLines - countLines(view)),
    shown: [], nextOffset: 1, spill,
  };
}
