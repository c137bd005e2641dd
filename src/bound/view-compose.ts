// A structured input that does not fit, written as its JSON view (json-view.ts) and a marker, within the budget.
import { utf8Bytes } from "../text/utf8.js";
import { countLines, estimateTokens, fitsBudget, measureCost } from "./budget.js";
import { RepeatFolder } from "./lines.js";
import { formatMarker } from "./marker.js";
import type { BoundOptions, BoundText, SpillReport } from "./types.js";

/** A value that can be shown as its JSON view, and the full text (its pretty print) the view's line numbers name. */
export interface ViewSource {
  /** The most faithful view `fits` accepts (undefined when none does); `maxChars` lets a render stop early. */
  render: (fits: (view: string) => boolean, maxChars: number) => string | undefined;
  /** Lines and bytes of the full text. */
  totalLines: number;
  totalBytes: number;
}

/** The marker under a JSON view: what the view is, and where the full text is. */
export function formatViewMarker(totalLines: number, totalBytes: number, spill: SpillReport): string {
  const where = formatMarker({ fromLine: 1, toLine: totalLines, wholeLines: totalLines, cutInsideLines: false, omittedBytes: totalBytes, totalLines, totalBytes }, spill).split("\n")[1];
  return `[JSON view of ${totalLines} lines (${totalBytes} bytes in all): the value's shape; "… N more items/keys: lines A-B …" name lines of the full text]\n${where}`;
}

/** The view and its marker when a view fits the budget (reserved room included), else undefined. */
export function composeView(source: ViewSource, options: BoundOptions, spill: SpillReport): BoundText | undefined {
  const measure = options.measure ?? utf8Bytes;
  const countTokens = options.countTokens ?? estimateTokens;
  const reserved = { bytes: options.reservedBytes ?? 0, lines: options.reservedLines ?? 0, tokens: options.reservedTokens ?? 0 };
  const { totalLines, totalBytes } = source;
  const marker = formatViewMarker(totalLines, totalBytes, spill);
  // Text written for a reader ends with a newline, as a line cut of text that ends with one does.
  const join = (view: string): string => `${view}\n${marker}\n`;
  // Runs of identical lines (an array of equal items) fold as the hygiene folds text, so a second pass changes nothing.
  const fold = options.hygiene.foldRepeats ? foldRepeatedLines : (view: string): string => view;
  // The view a render returns is the last one `fits` accepted: its folded text is kept, not folded again.
  let accepted: { view: string; folded: string } | undefined;
  const fits = (view: string): boolean => {
    const folded = fold(view);
    const fit = fitsBudget(measureCost(join(folded), options.budget, measure, countTokens), options.budget, reserved);
    if (fit) accepted = { view, folded };
    return fit;
  };
  const rendered = source.render(fits, Math.max(0, options.budget.maxBytes - reserved.bytes));
  if (rendered === undefined) return undefined;
  const view = accepted?.view === rendered ? accepted.folded : fold(rendered);
  const text = join(view);
  return {
    head: `${view}\n`, marker, tail: "\n", text, truncated: true, view: "json", totalBytes, totalLines,
    omittedBytes: Math.max(0, totalBytes - utf8Bytes(view)), omittedLines: Math.max(0, totalLines - countLines(view)),
    shown: [], nextOffset: 1, spill,
  };
}

/** The view with each run of identical lines folded into its first line and a note, where that saves bytes. */
function foldRepeatedLines(view: string): string {
  const folder = new RepeatFolder(true);
  view.split("\n").forEach((text, index) => folder.push({ text, from: index + 1, to: index + 1, rawStart: 0, rawEnd: 0 }));
  return folder.lines.map((line) => line.text).join("\n");
}
