// `correx lower` and `--to` on bound/run/normalize: the lowering flags, validated, then the lowering itself.
import { UsageError } from "../errors.js";
import { lower, type Lowered, type LowerOptions } from "../lower/index.js";
import type { Provider, ToolResult } from "../payload.js";
import { parseChoice, type RawOptions } from "./options.js";

function parseText(flag: string, value: unknown, accepts: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string" && value.trim() !== "") return value;
  throw new UsageError(`invalid value for ${flag}: '${String(value)}' (accepts ${accepts})`);
}

/** Turns commander's raw --call-id/--name/--envelope/--model/--gemini-inline into LowerOptions (before stdin is read). */
export function parseLowerOptions(raw: RawOptions): LowerOptions {
  const options: LowerOptions = { envelope: parseChoice("--envelope", raw.envelope ?? "part", ["part", "message"] as const) };
  const callId = parseText("--call-id", raw.callId, "a non-empty call id, e.g. toolu_01A09q90qw90lq917835lq9");
  const name = parseText("--name", raw.name, "a non-empty tool name, e.g. get_weather");
  const model = parseText("--model", raw.model, "a model id, e.g. gemini-2.5-flash");
  if (callId !== undefined) options.callId = callId;
  if (name !== undefined) options.name = name;
  if (model !== undefined) options.model = model;
  if (raw.geminiInline !== undefined) options.geminiInline = parseChoice("--gemini-inline", raw.geminiInline, ["parts", "sibling"] as const);
  return options;
}

/** Lowers a result for the CLI: validates the lowering flags (UsageError on a bad value), then lowers. */
export function lowerForCli(result: ToolResult, to: Provider, raw: RawOptions): Lowered {
  return lower(result, to, parseLowerOptions(raw));
}
