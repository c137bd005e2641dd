// `lower` (and `--to`) on a batch: each result normalized, formatted, bounded and lowered with its share of the
// budget, then put together for one turn (src/lower/batch.ts).
import { BudgetTooSmallError } from "../errors.js";
import { batchEnvelope, combineBatch } from "../lower/batch.js";
import { parseJsonKeepingNumbers, stringifyJson } from "../normalize/lossless-json.js";
import { normalizeValue } from "../normalize/index.js";
import type { Budget } from "../bound/types.js";
import type { Provider } from "../payload.js";
import { projectResult } from "../project/project.js";
import { warn, writeStdout } from "./io.js";
import { parseLowerOptions } from "./lower-command.js";
import { collectAfterSpill, openSpill, tokenCounterFor } from "./pipeline.js";
import type { ProjectionConfig } from "./projection-config.js";

/**
 * Each result's share of the budget, so that the batch as written holds the whole: the payloads side by side are
 * at most their bytes with a comma between two, brackets around them and one final newline in place of each one's
 * (2 bytes more); their tokens at most one more a comma, bracket and join, with the estimate's 1.1 (4 a result and
 * 3 more). Lines: each result's text gets an equal share (the batch is one line of JSON).
 */
export function batchShare(whole: Budget, count: number): Budget {
  const share = (limit: number, reserved: number): number => Math.max(1, Math.floor((limit - reserved) / count));
  return {
    maxLines: share(whole.maxLines, 0),
    maxBytes: share(whole.maxBytes, 2),
    ...(whole.maxTokens === undefined ? {} : { maxTokens: share(whole.maxTokens, 4 * count + 3) }),
  };
}

/** The whole budget a refusal of one result's share asks for: the share it needed, for each result, and the reserve. */
function wholeNeeded(error: BudgetTooSmallError, whole: Budget, count: number): BudgetTooSmallError {
  const needed = error.needed;
  return new BudgetTooSmallError(
    {
      ...(needed.maxLines === undefined ? {} : { maxLines: needed.maxLines * count }),
      ...(needed.maxBytes === undefined ? {} : { maxBytes: needed.maxBytes * count + 2 }),
      ...(needed.maxTokens === undefined ? {} : { maxTokens: needed.maxTokens * count + 4 * count + 3 }),
    },
    whole,
    ` (a batch of ${count} results, each with an equal share)`,
  );
}

/** Writes the lowered batch; `--call-id` and `--name` do not apply (each result keeps its own call). */
export async function runBatch(values: unknown[], config: ProjectionConfig & { to: Provider }): Promise<void> {
  const budget = batchShare(config.bound.budget, values.length);
  const spill = openSpill(config);
  const countTokens = await tokenCounterFor(config);
  const warnings: string[] = [];
  if (config.raw.callId !== undefined || config.raw.name !== undefined) warnings.push("a batch keeps each result's own call id and name: --call-id and --name are ignored");
  const { callId: _callId, name: _name, ...lowerOptions } = parseLowerOptions(config.raw);
  const lowered = values.map((value): unknown => {
    const result = normalizeValue(value, config.from);
    if (config.tool && result.tool === undefined) result.tool = config.tool;
    let projection;
    try {
      projection = projectResult(result, {
        ...config.bound, budget, to: config.to, lower: { ...lowerOptions, envelope: batchEnvelope(config.to, lowerOptions.envelope) },
        ...(countTokens ? { countTokens } : {}), ...(config.tool ? { tool: config.tool } : {}),
        ...(spill.target ? { spill: spill.target } : {}), ...(spill.failure ? { spillFailure: spill.failure } : {}),
      });
    } catch (error) {
      throw error instanceof BudgetTooSmallError ? wholeNeeded(error, config.bound.budget, values.length) : error;
    }
    warnings.push(...projection.warnings);
    const collected = collectAfterSpill(config, spill.target, projection.bound);
    if (collected !== undefined) warnings.push(collected);
    // numbers keep the text they were written with (big integers, 1.0: SPEC §2)
    return parseJsonKeepingNumbers(projection.text);
  });
  for (const warning of warnings) warn(warning);
  await writeStdout(`${stringifyJson(combineBatch(lowered, config.to, lowerOptions.envelope))}\n`);
}
