// An opencode plugin: every tool's output goes through correx before the model reads it (escape codes and
// progress-bar redraws cleaned, bounded head and tail with the error at the end, the full output saved and
// paged with `correx read ID`), while opencode's own UI keeps its title and metadata.
// Install: copy this file to .opencode/plugins/ (or ~/.config/opencode/plugins/) and add correx to
// .opencode/package.json's dependencies. Options (opencode.json "plugin": [["./correx.ts", {"maxBytes": 30000}]]):
// maxLines, maxBytes. The test suite type-checks this file and runs its hook (README: "Use it in your agent").
import { homedir } from "node:os";
import type { Plugin } from "@opencode-ai/plugin";
import { bound, defaultSpillDir, MODEL_BUDGET, SpillStore } from "correx";

/** A budget option: a whole number above zero, else the default. */
function readLimit(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : fallback;
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
      const bounded = bound(output.output, { budget, spill: { store }, record: { tool: input.tool, ...(command ? { command } : {}) } });
      if (bounded.text !== output.output) output.output = bounded.text;
    },
  };
};
