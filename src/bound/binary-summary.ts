// The projection of binary input: what it is, how large, and where it was saved; never the bytes themselves.
import { describeBinary } from "../text/binary.js";
import { sniffType } from "../text/magic.js";
import { describeCap } from "./marker.js";
import type { BoundOptions, BoundText, SpillReport } from "./types.js";
import { requireWithinBudget } from "./written.js";

/**
 * The summary of `size` bytes of binary input whose first bytes are `head`: `save` saves the input, `record` writes
 * its record with the projection (the report it returns differs from the saved one when writing it failed).
 */
export function summarizeBinary(head: Buffer, size: number, options: BoundOptions, save: () => SpillReport, record: (text: string, spill: SpillReport) => SpillReport): BoundText {
  const summary = describeBinary(head, size);
  const spill = save();
  const type = sniffType(head)?.name ?? "unknown type";
  const pathLine = spill.kind === "saved" ? `[full output: ${spill.path}${describeCap(spill, size)}]` : spill.kind === "failed" ? `[full output not saved: ${spill.reason}]` : "[full output not saved (--no-spill)]";
  const summarized = (text: string, report: SpillReport): BoundText => ({
    head: "", marker: text, tail: "", text, truncated: true,
    binary: { size, type }, totalBytes: size, totalLines: 0, omittedBytes: size,
    omittedLines: 0, shown: [], spill: report,
  });
  const text = requireWithinBudget(summarized(`${summary}\n${pathLine}\n`, spill), options).text;
  const saved = record(text, spill);
  if (saved === spill) return summarized(text, spill);
  return requireWithinBudget(summarized(`${summary}\n[full output not saved: ${saved.kind === "failed" ? saved.reason : ""}]\n`, saved), options);
}
