// Reading stdin for a bounding command: stream text in constant memory, or hold a tool-result JSON whole (up to a cap).
import { InputError } from "../errors.js";
import { couldBeJson, findFirstNonBlankByte, looksLikeJson } from "../normalize/json-input.js";
import type { SourceShape } from "../payload.js";
import { formatSize } from "../text/magic.js";

/** Stdin as the command will consume it. */
export type Input =
  | { kind: "whole"; bytes: Buffer }
  | { kind: "stream"; /** Chunks already read (copies). */ prefix: Buffer[]; rest: AsyncIterator<Buffer>; note?: string };

/** How much of a JSON-looking input is checked for syntax before it is held whole. */
const PLAUSIBILITY_BYTES = 64 * 1024;

/** Tools whose format needs the whole result (they parse it), not a byte stream. */
const WHOLE_TOOLS = new Set(["read", "write", "edit", "glob", "grep", "task"]);

/**
 * Reads enough of stdin to decide: JSON-looking input (first non-blank byte `{` or `[`, or any forced structured
 * `--from`) and tools that parse their input are held whole up to `cap`; everything else streams.
 */
export async function readInput(chunks: AsyncIterator<Buffer>, from: SourceShape | "auto", cap: number, toolKind: string | undefined): Promise<Input> {
  const prefix: Buffer[] = [];
  let first: number | undefined;
  let held = 0;
  while (first === undefined) {
    const next = await chunks.next();
    if (next.done) break;
    prefix.push(Buffer.from(next.value));
    held += next.value.length;
    first = findFirstNonBlankByte(next.value);
  }
  const toolWantsWhole = WHOLE_TOOLS.has(toolKind ?? "");
  const jsonLooking = looksLikeJson(first) && couldBeJson(Buffer.concat(prefix).subarray(0, PLAUSIBILITY_BYTES));
  const wantsWhole = from === "text" ? toolWantsWhole : from !== "auto" || jsonLooking || toolWantsWhole;
  if (!wantsWhole) return { kind: "stream", prefix, rest: chunks };
  while (held <= cap) {
    const next = await chunks.next();
    if (next.done) return { kind: "whole", bytes: Buffer.concat(prefix) };
    prefix.push(Buffer.from(next.value));
    held += next.value.length;
  }
  if (from !== "auto" && from !== "text") {
    throw new InputError(`input is over the ${formatSize(cap)} --json-cap for parsing JSON; raise --json-cap or use --from text`, `byte ${cap}`);
  }
  return { kind: "stream", prefix, rest: chunks, note: `input over the ${formatSize(cap)} --json-cap: read as text, not parsed` };
}
