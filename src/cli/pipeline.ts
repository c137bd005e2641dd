// Shared steps of the bounding commands (bound, run, normalize): spill store, output options, reservations.
import type { SpillTarget } from "../bound/session.js";
import { shellQuote } from "../bound/marker.js";
import type { BoundOptions, BoundText } from "../bound/types.js";
import { collectInPassing } from "./passing-collection.js";
import type { ToolResult } from "../payload.js";
import { NO_FRAME } from "../project/model.js";
import { planReservation, type OutputOptions, type ShapeBound } from "../project/output.js";
import type { SpillSinkOptions } from "../spill/spill-sink.js";
import { savingWithin } from "../spill/spill-sink-options.js";
import { SpillStore } from "../spill/store.js";
import { parseLowerOptions } from "./lower-command.js";
import type { ProjectionConfig } from "./projection-config.js";
import { loadTokenCounter } from "./tokenizer.js";

/**
 * The spill store named by the config. Nothing is created here: the store's directory is made only when an
 * output is saved, and a directory that cannot be used becomes the reason in the marker then. `saving` says how a
 * spill is saved past the store's default cap (`--max-output` raised); within it, on the thread that reads the output.
 */
export function openSpill(config: ProjectionConfig, saving: SpillSinkOptions = {}): { target?: SpillTarget; failure?: string } {
  if (config.spillDir === undefined) return {};
  const store = new SpillStore(config.spillDir, savingWithin(config.maxOutputBytes, saving));
  const readArguments = config.spillDirGiven ? `--spill-dir ${shellQuote(store.dir)}` : undefined;
  return { target: { store, maxOutputBytes: config.maxOutputBytes, ...(readArguments ? { readArguments } : {}) } };
}

/** The output options of a bounding command; the terminal renderer is loaded only when it is needed. */
export async function outputOptions(config: ProjectionConfig): Promise<OutputOptions> {
  const terminal = config.reader === "terminal" && config.format === "text" && !config.to ? (await import("../project/terminal.js")).renderTerminal : undefined;
  return {
    reader: config.reader, format: config.format, ...(config.to ? { to: config.to } : {}), lower: parseLowerOptions(config.raw),
    color: config.color, width: config.width, ...(terminal ? { terminal } : {}),
  };
}

/** After an output was saved, applies retention and quota at most once an hour; a failure is a warning. */
export function collectAfterSpill(config: ProjectionConfig, target: SpillTarget | undefined, bounded: BoundText): string | undefined {
  if (!target || bounded.spill?.kind !== "saved") return undefined;
  return collectInPassing(target.store, config.store);
}

/** The exact o200k counter when `--tokenizer o200k` and a token budget ask for it. */
export async function tokenCounterFor(config: ProjectionConfig): Promise<((text: string) => number) | undefined> {
  return config.tokenizer === "o200k" && config.bound.budget.maxTokens !== undefined ? loadTokenCounter() : undefined;
}

/** The bound options for one result, with room reserved for its frame and the envelope `output` writes. */
export async function boundOptionsFor(config: ProjectionConfig, output: OutputOptions, base: ToolResult, frame = NO_FRAME, shape?: ShapeBound): Promise<BoundOptions> {
  const countTokens = await tokenCounterFor(config);
  return {
    ...config.bound, plainJsonCap: config.jsonCap, ...planReservation(base, frame, output, config.spillDir, shape), ...(countTokens ? { countTokens } : {}),
  };
}

