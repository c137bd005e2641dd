// Shape `gemini`: a Gemini `functionResponse` part, with the Gemini 3 multimodal `parts` (inlineData, fileData).
import type { ToolResult } from "../payload.js";
import {
  joinPath, fail, mergeExtra, pickExtra, readArray, readChild, readForced, readOptionalString, readRecord,
  readString, readsStrictly, rejectUnknownKeys, type ReadMode,
} from "./check.js";
import { PartCollector } from "./parts.js";
import { assembleResult, withSourceShape } from "./result.js";

const RESPONSE_KEYS = ["id", "name", "response", "parts", "willContinue", "scheduling"];

/** True for `{ functionResponse: { name?, id?, response: {…}, parts? } }`. */
export function matchesGemini(value: unknown): boolean {
  return readsStrictly(readGemini, value);
}

/** Normalizes a functionResponse part (or, forced, a bare FunctionResponse); otherwise an InputError naming the JSON path. */
export function normalizeGemini(value: unknown): ToolResult {
  return withSourceShape(readForced(readGemini, "gemini", value), "gemini");
}

/**
 * `response.output` is the data and `response.error` the error (a failure with an output kept it: both); a
 * response with neither key is the data itself (meta.response_form "object"). Other response keys stay in
 * meta.source_extra.response.
 * `name` is the tool, `id` the call id; parts become attachments.
 */
export function readGemini(value: unknown, mode: ReadMode): ToolResult {
  const root = readRecord(value, "$");
  const wrapped = "functionResponse" in root;
  if (!wrapped && mode === "strict") fail(joinPath("$", "functionResponse"), "required field is missing");
  const path = wrapped ? "$.functionResponse" : "$";
  const functionResponse = wrapped ? readChild(root, "functionResponse", "$") : root;
  if (wrapped) rejectUnknownKeys(root, ["functionResponse"], "$", mode);
  rejectUnknownKeys(functionResponse, RESPONSE_KEYS, path, mode);
  const name = readOptionalString(functionResponse, "name", path);
  const id = readOptionalString(functionResponse, "id", path);
  const response = readChild(functionResponse, "response", path);
  const key = response.error !== undefined && response.error !== null ? "error" : "output" in response ? "output" : undefined;
  const collector = functionResponse.parts === undefined ? undefined : readParts(functionResponse, path, mode);
  const kept = key === "error" && response.output !== null ? response.output : undefined;
  const rest = key === undefined ? undefined : pickExtra(response, kept === undefined ? [key] : ["error", "output"]);
  return assembleResult({
    ok: key !== "error",
    body: key === undefined ? response : response[key],
    kept,
    tool: name,
    collector,
    meta: {
      call_id: id,
      response_form: key === undefined ? "object" : undefined,
      source_extra: mergeExtra(pickExtra(functionResponse, ["id", "name", "response", "parts"]), rest && { response: rest }),
      wrapper_extra: wrapped ? pickExtra(root, ["functionResponse"]) : undefined,
    },
  });
}

function readParts(functionResponse: Record<string, unknown>, path: string, mode: ReadMode): PartCollector {
  const collector = new PartCollector();
  const partsPath = joinPath(path, "parts");
  readArray(functionResponse, "parts", path).forEach((value, index) => {
    const partPath = joinPath(partsPath, index);
    const part = readRecord(value, partPath);
    const partExtra = pickExtra(part, ["inlineData", "fileData"]);
    if (part.inlineData !== undefined) {
      const inlinePath = joinPath(partPath, "inlineData");
      const inline = readChild(part, "inlineData", partPath);
      collector.addAttachment({
        base64: readString(inline, "data", inlinePath),
        mime: readOptionalString(inline, "mimeType", inlinePath),
        name: readOptionalString(inline, "displayName", inlinePath),
        extra: mergeExtra({ source_type: "inlineData" }, pickExtra(inline, ["data", "mimeType", "displayName"]), partExtra),
      });
    } else if (part.fileData !== undefined) {
      const filePath = joinPath(partPath, "fileData");
      const file = readChild(part, "fileData", partPath);
      collector.addAttachment({
        uri: readString(file, "fileUri", filePath),
        mime: readOptionalString(file, "mimeType", filePath),
        name: readOptionalString(file, "displayName", filePath),
        extra: mergeExtra({ source_type: "fileData" }, pickExtra(file, ["fileUri", "mimeType", "displayName"]), partExtra),
      });
    } else if (mode === "lenient") {
      collector.keep(part);
    } else {
      fail(partPath, "expected an inlineData or fileData part");
    }
  });
  return collector;
}
