// Builders for eve's model-facing output (`toolOutput.text/json/content`, `toolOutputPart.text/file`): typed
// sugar over the union that `--to eve` writes, so a harness can build a result without the nesting by hand.
import type { JsonValue } from "./types.js";
import type { EveToolModelOutput, EveToolModelOutputPart } from "./eve.js";

/** Builders of a whole ToolModelOutput. */
export const toolOutput = {
  /** A text output: the model reads `value`. */
  text(value: string): EveToolModelOutput {
    return { type: "text", value };
  },
  /** A JSON output; `value` must be JSON (JSON.stringify(value) gives it back). */
  json(value: JsonValue): EveToolModelOutput {
    return { type: "json", value };
  },
  /** A content output: text and file parts in order. */
  content(value: readonly EveToolModelOutputPart[]): EveToolModelOutput {
    return { type: "content", value: [...value] };
  },
} as const;

/** Builders of the parts of a content output. */
export const toolOutputPart = {
  /** A text part. */
  text(text: string): EveToolModelOutputPart {
    return { type: "text", text };
  },
  /** A file part from base64 bytes (encode them first: raw bytes do not survive JSON). */
  file(base64: string, options: { mediaType: string; filename?: string }): EveToolModelOutputPart {
    return { type: "file", data: { type: "data", data: base64 }, mediaType: options.mediaType, ...(options.filename === undefined ? {} : { filename: options.filename }) };
  },
} as const;
