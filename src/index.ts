// The library API (SPEC §8): `import { normalize, bound, project, lower, formatTool, SpillStore } from "correx"`.
import { bound as boundText, resolveBoundOptions as resolveOptions, type BoundOptions, type BoundOptionsInput, type BoundText, type RecordFields, type SpillTarget } from "./bound/index.js";
import { checkBudget, inOptionTerms } from "./library-budget.js";
import { checkBoundInput, checkNormalizeValue, checkToolResult } from "./library-input.js";
import { checkBoundOptionsInput, checkProjectOptions, checkSourceShape, checkSpillTarget } from "./library-options.js";
import { withReadArguments } from "./library-spill.js";
import { warningsInOptionTerms } from "./library-words.js";
import { openOutput as openStored, withoutOtherStoreHint, type OpenedOutput, type OpenOptions } from "./spill/lookup.js";
import type { SpillStore } from "./spill/store.js";
import { lower as lowerResult, type Lowered, type LowerOptions } from "./lower/index.js";
import { stringifyJson } from "./lower/result-text.js";
import { normalizeValue } from "./normalize/index.js";
import { checkAttachments } from "./normalize/rind.js";
import { projectResult, type Projection, type ProjectOptions } from "./project/project.js";
import { renderTerminal } from "./project/terminal.js";
import { PROVIDERS, type Provider, type SourceShape, type ToolResult } from "./payload.js";
import { UsageError } from "./errors.js";

export type { Attachment, Provider, ShownRange, SourceShape, ToolResult, ToolResultMeta } from "./payload.js";
export { PROVIDERS, SOURCE_SHAPES, isRecord } from "./payload.js";
export { BudgetTooSmallError, CorrexError, InputError, IoError, NotFoundError, UnrepresentableError, UsageError } from "./errors.js";
export {
  DEFAULT_BOUND_OPTIONS, DEFAULT_HYGIENE, RAW_HYGIENE, MODEL_BUDGET, TERMINAL_BUDGET, estimateTokens, countLines,
} from "./bound/index.js";
export type { Budget, BoundOptions, BoundOptionsInput, BoundText, HygieneOptions, KeepMode, MarkerStyle, SpillReport, SpillTarget, RecordFields } from "./bound/index.js";
export { detectShape, normalizeText, normalizeValue, parseJsonBytes } from "./normalize/index.js";
export type { NormalizeMeta, PartLayout } from "./normalize/index.js";
export { toolOutput, toolOutputPart } from "./lower/eve-builders.js";
export type { EveToolModelOutput, EveToolModelOutputPart } from "./lower/eve.js";
export { ToolResultRegistry, readRegistryFile, registryPathFor, typedValue } from "./normalize/registry.js";
export type { ResultSchema, SafeParseSchema } from "./normalize/registry.js";
export { validateJson } from "./normalize/json-schema.js";
export type { JsonSchema, SchemaViolation } from "./normalize/json-schema.js";
export type { Lowered, LowerOptions } from "./lower/index.js";
export { formatTool, formatToolFrame, pageLines, resolveToolKind, TOOL_KINDS } from "./tools/index.js";
export type { ToolText, ToolKind, Page, PageOptions } from "./tools/index.js";
export { renderTerminal } from "./project/terminal.js";
export type { Projection, ProjectOptions } from "./project/project.js";
export { SpillStore, SpillWriter, defaultSpillDir } from "./spill/store.js";
export type { SpillRecord } from "./spill/store.js";
export { collectStore, maybeCollect, planCollection } from "./spill/lifecycle.js";
export type { CollectionPlan, CollectionReport, PassingCollection } from "./spill/lifecycle.js";
export { DEFAULT_STORE_SETTINGS, defaultConfigPath, resolveStoreSettings } from "./spill/settings.js";
export type { StoreSettings } from "./spill/settings.js";
export { listOutputs } from "./spill/listing.js";
export type { ListedOutput } from "./spill/listing.js";
export { searchLines } from "./spill/search.js";
export type { SearchMatch, SearchResult } from "./spill/search.js";
export { readTombstone, recordUnsavedOutput } from "./spill/tombstones.js";
export type { Tombstone, TombstoneReason } from "./spill/tombstones.js";
export { BoundSession } from "./library-session.js";
export { stripAnsi } from "./text/ansi.js";
export { renderLine } from "./text/render-line.js";

/**
 * Bounds a complete output held in memory; with `spill`, saves the full output when something is cut. The marker's
 * `correx read` command names the store (`--spill-dir DIR`) when it is not the one `correx read` finds
 * (library-spill.ts), unless `spill.readArguments` says otherwise.
 */
export function bound(input: string | Uint8Array, options: BoundOptionsInput & { spill?: SpillTarget; record?: RecordFields } = {}): BoundText {
  checkBoundInput(input);
  checkBoundOptionsInput(options);
  checkSpillTarget(options.spill);
  checkBudget(options.budget);
  return inOptionTerms(() => boundText(input, { ...options, spill: withReadArguments(options.spill) }));
}

/** The bounding options with defaults for what `options` leaves out, its words checked as the CLI checks its flags. */
export function resolveBoundOptions(options: BoundOptionsInput = {}): BoundOptions {
  checkBoundOptionsInput(options);
  checkBudget(options.budget);
  return resolveOptions(options);
}

/** Normalizes any known tool-result value (a parsed JSON value, or text) into the unified payload. */
export function normalize(value: unknown, from: SourceShape | "auto" = "auto"): ToolResult {
  checkNormalizeValue(value);
  checkSourceShape(from);
  return normalizeValue(value, from);
}

/**
 * Projects a result for a model, a terminal, as the payload or as a provider's wire JSON (see ProjectOptions), its
 * attachments checked first as the CLI checks them (checkAttachments: bad base64 throws InputError). A result built in
 * code that JSON cannot write (a BigInt, a cycle) throws UnrepresentableError, as lower() does, not the TypeError or
 * RangeError the projection met (the result is serialized to say so only then).
 */
export function project(result: ToolResult, options: ProjectOptions = {}): Projection {
  checkToolResult(result, "project");
  checkProjectOptions(options);
  checkSpillTarget(options.spill);
  checkBudget(options.budget);
  try {
    const projection = inOptionTerms(() => projectResult(checkAttachments(result), { ...options, terminal: options.terminal ?? renderTerminal, spill: withReadArguments(options.spill) }));
    return { ...projection, warnings: warningsInOptionTerms(projection.warnings, "lower.") };
  } catch (error) {
    if (error instanceof TypeError || error instanceof RangeError) stringifyJson(result); // throws UnrepresentableError when that is why
    throw error;
  }
}

/**
 * Lowers a result to the exact wire JSON of `to` (src/lower/README.md), its attachments checked first as the CLI
 * checks them (checkAttachments: bad base64 throws InputError). A result built in code may hold what JSON
 * cannot write (a BigInt, a cycle): every target then throws UnrepresentableError, as the text targets do on their
 * own, instead of returning a payload that JSON.stringify cannot write. (The CLI lowers parsed JSON only.) `envelope`
 * is "part" unless given, as on the CLI and in project(); a target or envelope outside the types throws UsageError.
 */
export function lower(result: ToolResult, to: Provider, options: Partial<LowerOptions> = {}): Lowered {
  if (!(PROVIDERS as readonly string[]).includes(to)) throw new UsageError(`lower: unknown target ${JSON.stringify(to)} (accepts ${PROVIDERS.join(", ")})`);
  const envelope = options.envelope ?? "part";
  if (envelope !== "part" && envelope !== "message") throw new UsageError(`lower: unknown envelope ${JSON.stringify(envelope)} (accepts part, message)`);
  checkToolResult(result, "lower");
  const lowered = lowerResult(checkAttachments(result), to, { ...options, envelope });
  stringifyJson(lowered.payload);
  return { ...lowered, warnings: warningsInOptionTerms(lowered.warnings, "") };
}

/**
 * Opens stored output `id` in `store` (its record, an open descriptor, what differs from what was saved); an output
 * not there is a NotFoundError saying why, without the CLI's "use --spill-dir" (the caller chose the store).
 */
export function openOutput(store: SpillStore, id: string, options?: OpenOptions): OpenedOutput {
  return withoutOtherStoreHint(() => openStored(store, id, options));
}
