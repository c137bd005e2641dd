// An opencode plugin: every tool's output goes through correx before the model reads it (escape codes and
// progress-bar redraws cleaned, bounded head and tail with the error at the end, the full output saved and
// paged with `correx read ID`), while opencode's own UI keeps its title and metadata.
// Install: copy this file to .opencode/plugins/ (or ~/.config/opencode/plugins/) and add correx to
// .opencode/package.json's dependencies. Options (opencode.json "plugin": [["./correx.ts", {"maxBytes": 30000}]]):
// maxLines, maxBytes. The test suite type-checks this file and runs its hook (README: "Use it in your agent").
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import type { Plugin } from "@opencode-ai/plugin";
import { bound, defaultSpillDir, MODEL_BUDGET, SpillStore } from "correx";

/** A budget option: a whole number above zero, else the default. */
function readLimit(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

/**
 * The whole output when opencode has already cut it: its tools keep the head of an output past 2,000 lines or
 * 51,200 bytes (its `Truncate.output`) before this hook runs, and save the whole to `metadata.outputPath`. Bounding
 * the whole keeps the tail, where a failure usually is; opencode does not cut what the hook writes.
 */
function wholeOutput(output: { output: string; metadata?: unknown }): string {
  const metadata = output.metadata as { truncated?: unknown; outputPath?: unknown } | undefined;
  if (metadata?.truncated !== true || typeof metadata.outputPath !== "string") return output.output;
  try {
    return readFileSync(metadata.outputPath, "utf8");
  } catch {
    return output.output; // gone (opencode removes its saved outputs after 7 days): what the hook was given
  }
}

/** The plugin: opens correx's store ($CORREX_SPILL_DIR, else the XDG state directory) once per session. */
export const CorrexPlugin: Plugin = async (_context, options = {}) => {
  const store = new SpillStore(defaultSpillDir(process.env, homedir()));
  store.prepare();
  const budget = { maxLines: readLimit(options.maxLines, MODEL_BUDGET.maxLines), maxBytes: readLimit(options.maxBytes, MODEL_BUDGET.maxBytes) };
  return {
    // `output.output` is what the model reads; `title` and `metadata` are what opencode's UI shows.
    "tool.execute.after": async (input, output) => {
      if (typeof output.output !== "string") return;
      const command = typeof input.args?.command === "string" ? input.args.command : undefined;
      const bounded = bound(wholeOutput(output), { budget, spill: { store }, record: { tool: input.tool, ...(command ? { command } : {}) } });
      if (bounded.text !== output.output) output.output = bounded.text;
    },
  };
};
