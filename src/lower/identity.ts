// Which call a lowered result answers: the call id and the tool name, from the options, else from the result.
import type { Provider, ToolResult } from "../payload.js";
import type { LowerOptions } from "./types.js";

/** The id written when neither --call-id nor the input gave one; easy to find and replace, and warned about. */
export const MISSING_CALL_ID = "missing-call-id";
/** The name written when neither --name nor the input gave one; warned about. */
export const MISSING_NAME = "missing-name";

/** Meta keys where normalization keeps the id of the call a source result answered. */
const CALL_ID_KEYS = ["call_id", "tool_call_id", "tool_use_id", "toolUseId", "toolCallId"] as const;

function readMetaString(result: ToolResult, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = result.meta?.[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/** What the CLI is told to pass for a call id or a tool name (the library names its options instead: library-words.ts). */
export const CALL_ID_FLAG = "--call-id ID";
export const NAME_FLAG = "--name NAME";

/** The call id the input carried (kept by normalization in meta), if any. */
export function findCallId(result: ToolResult, options: LowerOptions): string | undefined {
  return options.callId ?? readMetaString(result, CALL_ID_KEYS);
}

/** The call id for APIs that require one; a placeholder and a warning when none is known. */
export function requireCallId(provider: Provider, result: ToolResult, options: LowerOptions, warnings: string[]): string {
  const callId = findCallId(result, options);
  if (callId !== undefined) return callId;
  warnings.push(`${provider}: no call id (pass ${CALL_ID_FLAG}); wrote the placeholder "${MISSING_CALL_ID}"`);
  return MISSING_CALL_ID;
}

/** The tool name, for APIs that require one; a placeholder and a warning when none is known. */
export function requireName(provider: Provider, result: ToolResult, options: LowerOptions, warnings: string[]): string {
  const name = options.name ?? (result.tool === "" ? undefined : result.tool);
  if (name !== undefined) return name;
  warnings.push(`${provider}: no tool name (pass ${NAME_FLAG}); wrote the placeholder "${MISSING_NAME}"`);
  return MISSING_NAME;
}
