// The `{ type, value }` tool-output union that the AI SDK defined and eve mirrors: one reader, each shape
// bringing its own list of output types and its own content-part reader.
import { assertNever } from "../errors.js";
import {
  joinPath, pickExtra, readArray, readLiteral, readOptionalString, readPresent, readString, rejectUnknownKeys,
  type ReadMode,
} from "./check.js";
import { PartCollector } from "./parts.js";
import type { ResultPieces } from "./result.js";

/** Every output type of the AI SDK's ToolResultOutput (v5, v6, v7). */
export const TOOL_OUTPUT_TYPES = ["text", "json", "error-text", "error-json", "execution-denied", "content"] as const;
/** One output type of the AI SDK union. */
export type ToolOutputType = (typeof TOOL_OUTPUT_TYPES)[number];

/** The error text of an `execution-denied` output that gave no reason. */
export const DENIED_WITHOUT_REASON = "The tool execution was denied.";

/** Reads one content part into the collector, or throws ShapeMismatch. */
export type ContentPartReader = (part: unknown, path: string, collector: PartCollector, mode: ReadMode) => void;

/** Reads a `{ type, value }` output at `path`; `types` are the output types the shape allows. */
export function readToolOutput(
  output: Record<string, unknown>,
  path: string,
  mode: ReadMode,
  types: readonly ToolOutputType[],
  readPart: ContentPartReader,
): ResultPieces {
  const type = readLiteral(output, "type", path, types);
  const valueKey = type === "execution-denied" ? "reason" : "value";
  rejectUnknownKeys(output, ["type", valueKey, "providerOptions"], path, mode);
  const meta: Record<string, unknown> = { source_extra: pickExtra(output, ["type", valueKey]) };
  switch (type) {
    case "text":
      return { ok: true, body: readString(output, "value", path), meta };
    case "json":
      return { ok: true, body: readPresent(output, "value", path), meta };
    case "error-text":
      return { ok: false, body: readString(output, "value", path), meta };
    case "error-json":
      return { ok: false, body: readPresent(output, "value", path), meta };
    case "execution-denied": {
      const reason = readOptionalString(output, "reason", path);
      if (reason === undefined) meta.denied_reason_absent = true;
      return { ok: false, body: reason ?? DENIED_WITHOUT_REASON, errorType: "denied", meta };
    }
    case "content": {
      const collector = new PartCollector();
      const valuePath = joinPath(path, "value");
      readArray(output, "value", path).forEach((part, index) => readPart(part, joinPath(valuePath, index), collector, mode));
      return { ok: true, body: collector.text(), meta, collector };
    }
    default:
      return assertNever(type, "output type");
  }
}
