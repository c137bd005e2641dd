// `lower` (and `--to`) on a batch: each result normalized, formatted and bounded with its share of the budget,
// then lowered together for one turn (src/lower/batch.ts).
import { lowerBatch } from "../lower/batch.js";
import { normalizeValue } from "../normalize/index.js";
import type { Provider, ToolResult } from "../payload.js";
import { projectResult } from "../project/project.js";
import { warn, writeStdout } from "./io.js";
import { parseLowerOptions } from "./lower-command.js";
import { openSpill } from "./pipeline.js";
import type { ProjectionConfig } from "./projection-config.js";

/** Writes the lowered batch; `--call-id` and `--name` do not apply (each result keeps its own call). */
export async function runBatch(values: unknown[], config: ProjectionConfig & { to: Provider }): Promise<void> {
  const share = (limit: number): number => Math.max(1, Math.floor(limit / values.length));
  const budget = { ...config.bound.budget, maxBytes: share(config.bound.budget.maxBytes), maxLines: share(config.bound.budget.maxLines) };
  const spill = openSpill(config);
  const warnings: string[] = [];
  if (config.raw.callId !== undefined || config.raw.name !== undefined) warnings.push("a batch keeps each result's own call id and name: --call-id and --name are ignored");
  const payloads = values.map((value): ToolResult => {
    const result = normalizeValue(value, config.from);
    if (config.tool && result.tool === undefined) result.tool = config.tool;
    const projection = projectResult(result, {
      ...config.bound, budget, format: "json", ...(config.tool ? { tool: config.tool } : {}),
      ...(spill.target ? { spill: spill.target } : {}), ...(spill.failure ? { spillFailure: spill.failure } : {}),
    });
    warnings.push(...projection.warnings);
    return JSON.parse(projection.text) as ToolResult;
  });
  const { callId: _callId, name: _name, ...lowerOptions } = parseLowerOptions(config.raw);
  const lowered = lowerBatch(payloads, config.to, lowerOptions);
  for (const warning of [...warnings, ...lowered.warnings]) warn(warning);
  await writeStdout(`${JSON.stringify(lowered.payload)}\n`);
}
