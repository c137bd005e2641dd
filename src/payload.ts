// The unified tool-result payload (SPEC §3): one shape that every input is normalized into.
import { LosslessNumber } from "./normalize/lossless-json.js";

/** Every input shape correx can read (SPEC §3). */
export const SOURCE_SHAPES = [
  "text", "json", "mcp", "ai-sdk", "opencode", "eve", "rind", "kontext",
  "anthropic", "openai-chat", "openai-responses", "gemini", "bedrock",
] as const;
export type SourceShape = (typeof SOURCE_SHAPES)[number];

/** Every provider wire format correx can lower to (SPEC §6). */
export const PROVIDERS = ["openai-chat", "openai-responses", "anthropic", "gemini", "bedrock", "mcp", "ai-sdk", "opencode", "kontext", "eve"] as const;
export type Provider = (typeof PROVIDERS)[number];

/** A range of lines (1-based, inclusive) of the full output that a projection shows. */
export interface ShownRange {
  from_line: number;
  to_line: number;
  /** True when the first or last line of the range is shown only in part. */
  partial?: boolean;
}

/** Facts about a result that travel beside it: bounding, spill, process status. */
export interface ToolResultMeta {
  truncated?: boolean;
  output_path?: string;
  output_id?: string;
  total_bytes?: number;
  total_lines?: number;
  shown?: ShownRange[];
  /** "json": the text is the structure-aware view of a JSON value, not a line cut (SPEC §4); `shown` is then empty. */
  view?: "json";
  /** The middle ranges kept for their salience (SPEC §4), also listed in `shown`. */
  middle?: ShownRange[];
  omitted_bytes?: number;
  omitted_lines?: number;
  spill_error?: string;
  exit_code?: number | null;
  signal?: string | null;
  timed_out?: boolean;
  interrupted?: boolean;
  duration_ms?: number;
  source_shape?: SourceShape;
  next_offset?: number;
  binary?: { size: number; type: string };
  [key: string]: unknown;
}

/** A file or media part that travels beside the text and is never cut by the budget. */
export interface Attachment {
  mime: string;
  /** Canonical base64 of the bytes. Exactly one of data and uri is present. */
  data?: string;
  uri?: string;
  name?: string;
  /** Size in bytes of the decoded data (0 when only a uri is known). */
  size: number;
  /** Anything the source said about the part that has no field here (annotations, provider options). */
  extra?: Record<string, unknown>;
}

/** The unified payload: a tool result, whatever shape it arrived in. */
export interface ToolResult {
  ok: boolean;
  tool?: string;
  /** Present when ok: text (string) or structured JSON. */
  data?: unknown;
  /** Present when !ok: a message (string) or structured error. */
  error?: unknown;
  error_type?: string;
  meta?: ToolResultMeta;
  attachments?: Attachment[];
}

/** Narrows an unknown value to a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof LosslessNumber);
}
