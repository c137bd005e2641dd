// The library API (SPEC §8): re-exports only.
export type { Attachment, Provider, ShownRange, SourceShape, ToolResult, ToolResultMeta } from "./payload.js";
export { PROVIDERS, SOURCE_SHAPES, isRecord } from "./payload.js";
export { CorrexError, InputError, IoError, NotFoundError, UnrepresentableError, UsageError } from "./errors.js";
export {
  bound, BoundSession, DEFAULT_BOUND_OPTIONS, DEFAULT_HYGIENE, RAW_HYGIENE, MODEL_BUDGET, TERMINAL_BUDGET,
  estimateTokens, countLines, resolveBoundOptions,
} from "./bound/index.js";
export type { Budget, BoundOptions, BoundText, HygieneOptions, KeepMode, MarkerStyle, SpillReport, SpillTarget, RecordFields } from "./bound/index.js";
export { lower } from "./lower/index.js";
export type { Lowered, LowerOptions } from "./lower/index.js";
export { SpillStore, SpillWriter, defaultSpillDir } from "./spill/store.js";
export type { SpillRecord } from "./spill/store.js";
