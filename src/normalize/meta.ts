// The meta entries normalization writes beside the payload's own (ToolResultMeta), typed for lowering.
import type { PartLayout } from "./parts.js";

/** The meta keys src/normalize writes (all optional; README.md says which shape writes which). */
export interface NormalizeMeta {
  /** The id the source gave the call: tool_use_id, tool_call_id, call_id, toolUseId, functionResponse.id, toolCallId, id. */
  call_id?: string;
  /** The source's parts in source order, present when the source carried a list of parts. */
  parts?: PartLayout[];
  /** MCP structuredContent or opencode `structured`, kept beside the text. */
  structured_content?: unknown;
  /** True when `data` is the structured content itself (the source had no text part). */
  structured_content_is_data?: boolean;
  /** Fields of the source that the payload has no field for, verbatim under their source names. */
  source_extra?: Record<string, unknown>;
  /** Fields of an envelope around the result (AI SDK or opencode tool-result part, Gemini part, Bedrock block). */
  wrapper_extra?: Record<string, unknown>;
  /** Gemini: "object" when `response` had neither `output` nor `error`, so the whole response is the data. */
  response_form?: "object";
  /** AI SDK execution-denied without a reason (the error text is then DENIED_WITHOUT_REASON). */
  denied_reason_absent?: boolean;
  /** What correx changed in the input or could not do, for a person or a model to read. */
  notes?: string[];
}
