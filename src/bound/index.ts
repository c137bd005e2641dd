// The bounder's public face: bound a whole text or byte array in one call, or stream with a session.
import { BoundSession, type SpillTarget } from "./session.js";
import { resolveBoundOptions } from "./defaults.js";
import type { RecordFields } from "./compose.js";
import type { BoundOptionsInput, BoundText } from "./types.js";

export { BoundSession, type SpillTarget } from "./session.js";
export { DEFAULT_BOUND_OPTIONS, DEFAULT_HYGIENE, RAW_HYGIENE, resolveBoundOptions } from "./defaults.js";
export { MODEL_BUDGET, TERMINAL_BUDGET, estimateTokens, countLines } from "./budget.js";
export type { Budget, BoundOptions, BoundOptionsInput, BoundText, HygieneOptions, KeepMode, MarkerStyle, SpillReport } from "./types.js";
export type { RecordFields } from "./compose.js";

/** Bounds a complete output held in memory; with `spill`, saves the full output when something is cut. */
export function bound(input: string | Uint8Array, options: BoundOptionsInput & { spill?: SpillTarget; record?: RecordFields } = {}): BoundText {
  const session = new BoundSession(resolveBoundOptions(options), options.spill);
  const bytes = typeof input === "string" ? Buffer.from(input, "utf8") : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  for (let offset = 0; offset < bytes.length; offset += 65536) session.write(bytes.subarray(offset, offset + 65536));
  return session.finish(options.record);
}
