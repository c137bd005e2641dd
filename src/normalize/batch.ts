// A batch of results on one input (parallel tool calls): a JSON array whose every element is a known
// tool-result shape (and which is not itself one, like OpenAI Chat's [tool, user] pair), or JSON Lines with
// one result a line.
import { isRecord, type SourceShape } from "../payload.js";
import { splitTurn } from "./batch-messages.js";
import { readDetected } from "./detect.js";
import { findFirstNonBlankByte, parseJsonBytes } from "./json-input.js";
import { parseJsonKeepingNumbers } from "./lossless-json.js";

function isKnownResult(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const shape = readDetected(value).shape;
  return shape !== "json" && shape !== "text";
}

function parseLines(text: string): unknown[] | undefined {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  if (lines.length < 2) return undefined;
  const values: unknown[] = [];
  for (const line of lines) {
    try {
      values.push(parseJsonKeepingNumbers(line)); // numbers as written (SPEC §2)
    } catch {
      return undefined;
    }
  }
  return values.every(isRecord) ? values : undefined;
}

/**
 * The results of a batch input, or undefined when the input is one result (or not JSON). `from`: with a
 * forced shape, any JSON array of objects or JSON Lines of objects is a batch of that shape.
 */
export function readBatch(bytes: Uint8Array, from: SourceShape | "auto"): unknown[] | undefined {
  const first = findFirstNonBlankByte(bytes);
  if (first !== 0x5b && first !== 0x7b) return undefined;
  let value: unknown;
  try {
    value = parseJsonBytes(bytes);
  } catch {
    return parseLines(new TextDecoder("utf-8").decode(bytes));
  }
  const turn = splitTurn(value);
  if (turn !== undefined && from !== "json" && from !== "text") return turn;
  if (!Array.isArray(value) || value.length === 0) return undefined;
  if (from !== "auto") return from !== "json" && from !== "text" && readDetected(value).shape === "json" && value.every(isRecord) ? value : undefined;
  return readDetected(value).shape === "json" && value.every(isKnownResult) ? value : undefined;
}
