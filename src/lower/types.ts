// The options every lowering takes and the shape every lowering returns (SPEC §6).

/** What the caller tells a lowering about the call it answers and the envelope it wants. */
export interface LowerOptions {
  /** tool_use_id / tool_call_id / call_id / toolUseId / toolCallId; else taken from the result (see README). */
  callId?: string;
  /** The tool or function name (Gemini, AI SDK messages); else the result's `tool`. */
  name?: string;
  /** "part": the bare tool-result block; "message": the whole message the API expects around it. */
  envelope: "part" | "message";
  /** The model the payload is for, where the target's rules depend on it (Gemini before 3 vs 3). */
  model?: string;
  /** Gemini only: media inside functionResponse.parts (Gemini 3) or as sibling inlineData parts (older models). */
  geminiInline?: "parts" | "sibling";
}

/** A lowered result: the exact wire JSON and the lossy steps taken, one warning each (printed on stderr). */
export interface Lowered<Payload = unknown> {
  payload: Payload;
  warnings: string[];
}

/** A JSON value, as the JSON blocks of the wire formats take it. */
export type JsonValue = null | string | number | boolean | JsonValue[] | JsonObject;

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };
