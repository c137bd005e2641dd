// Reading stdin for a bounding command: stream text in constant memory, or hold a tool-result JSON whole (up to a cap).
import { InputError } from "../errors.js";
import { EnvelopeStreamReader } from "../normalize/envelope-stream.js";
import { EnvelopeWatch } from "../normalize/envelope-watch.js";
import { couldBeJson, endsInsideJson, findFirstNonBlankByte, looksLikeJson, malformedJsonNote, utf16JsonNote } from "../normalize/json-input.js";
import type { SourceShape } from "../payload.js";
import { looksBinary } from "../text/binary.js";
import { formatSize } from "../text/magic.js";
import type { ProjectionConfig } from "./projection-config.js";

/** Stdin as the command will consume it. */
export type Input =
  | { kind: "whole"; bytes: Buffer }
  /** An MCP-looking envelope longer than the decision bytes, to read as a stream (cli/envelope-input.ts). */
  | { kind: "envelope"; prefix: Buffer[]; rest: AsyncIterator<Buffer> }
  | {
    kind: "stream";
    /**
     * Chunks already read: copies, but for the last one when the decision was made on what was read without reading
     * on (text), which may be the reader's own buffer: it is valid until `rest` is read, so take the prefix first.
     */
    prefix: Buffer[];
    rest: AsyncIterator<Buffer>;
    note?: string;
    /** The note says the input is malformed JSON because it ends inside a value: not said when a signal cut it there. */
    noteIfWhole?: boolean;
  };

/**
 * How much of the input decides how it is read: always exactly this much (or all of a shorter input), so the
 * decision never depends on how the pipe delivered the bytes, and never holds more than this to make it.
 */
export const DECISION_BYTES = 64 * 1024;

/** Tools whose format needs the whole result (they parse it), not a byte stream. */
export const WHOLE_TOOLS: ReadonlySet<string> = new Set(["read", "write", "edit", "glob", "grep", "task"]);

/** Room the spill must have beyond --json-cap for an envelope to be read again from it (cli/envelope-input.ts). */
const REPLAY_SLACK_BYTES = 16 * 1024 * 1024;

/** True when an envelope may be streamed under this config: a spill to read it again from, no typed --tool, auto or mcp. */
export function canStreamEnvelope(config: Pick<ProjectionConfig, "from" | "tool" | "spillDir" | "maxOutputBytes" | "jsonCap">): boolean {
  return (config.from === "auto" || config.from === "mcp") && config.tool === undefined && config.spillDir !== undefined
    && config.maxOutputBytes >= config.jsonCap + REPLAY_SLACK_BYTES;
}

/** Which JSON `--from auto` reads as a tool result: every shape (normalize, lower) or envelopes only (bound, run). */
export type DetectScope = "all" | "envelopes";

/**
 * Reads enough of stdin to decide. Held whole up to `cap`: tools that parse their input, any forced structured
 * `--from`, and with `auto` JSON-looking input (first non-blank byte `{` or `[` within the first DECISION_BYTES,
 * not binary, no syntax error there) — in the `envelopes` scope only while it can still be a tool-result
 * envelope (EnvelopeWatch). Everything else streams; in the `all` scope with a note when it is JSON plainly meant
 * as such but malformed (malformedJsonNote).
 */
export async function readInput(
  chunks: AsyncIterator<Buffer>, from: SourceShape | "auto", cap: number, toolKind: string | undefined, scope: DetectScope = "all", jsonLines = false,
  streamEnvelopes: StreamEnvelopes = "never",
): Promise<Input> {
  const prefix: Buffer[] = [];
  let held = 0;
  let ended = false;
  // The last chunk read may be the reader's reused buffer (io.ts: 1 MiB reads of a file or pipe): it is copied only
  // when it is held past the next read, so that text whose first read decides goes on without a copy of it.
  let lent = false;
  const own = (): void => {
    if (lent) prefix[prefix.length - 1] = Buffer.from(prefix[prefix.length - 1]!);
    lent = false;
  };
  while (held < DECISION_BYTES) {
    own();
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    prefix.push(next.value);
    lent = true;
    held += next.value.length;
  }
  const head = prefix.length === 1 ? prefix[0]!.subarray(0, DECISION_BYTES) : Buffer.concat(prefix, Math.min(held, DECISION_BYTES));
  const toolWantsWhole = WHOLE_TOOLS.has(toolKind ?? "");
  const bracketed = looksLikeJson(findFirstNonBlankByte(head)) && !looksBinary(head);
  const jsonLooking = bracketed && (couldBeJson(head, ended) || (jsonLines && startsWithJsonLine(head)));
  const wantsWhole = from === "text" ? toolWantsWhole : from !== "auto" || jsonLooking || toolWantsWhole;
  if (!wantsWhole) {
    // normalize and lower say why JSON plainly meant as such is read as text; bound and run read text anyway
    const note = from === "auto" && scope === "all" ? (bracketed ? malformedJsonNote(head) : utf16JsonNote(head)) : undefined;
    const cutShort = note !== undefined && bracketed && ended && endsInsideJson(head);
    return { kind: "stream", prefix, rest: chunks, ...(note === undefined ? {} : { note }), ...(cutShort ? { noteIfWhole: true } : {}) };
  }
  own(); // held whole, or streamed as an envelope: kept past the reads below
  const watch = from === "auto" && scope === "envelopes" && !toolWantsWhole ? new EnvelopeWatch() : undefined;
  for (const piece of prefix) if (watch?.write(piece) === "not-envelope") return { kind: "stream", prefix, rest: chunks };
  if (streamEnvelopes === "always" || (streamEnvelopes === "large" && !ended)) {
    if (!toolWantsWhole && startsLikeMcpResult(prefix)) return { kind: "envelope", prefix, rest: chunks };
  }
  if (ended && held <= cap) return { kind: "whole", bytes: Buffer.concat(prefix) };
  while (!ended && held <= cap) {
    const next = await chunks.next();
    if (next.done) return { kind: "whole", bytes: Buffer.concat(prefix) };
    prefix.push(Buffer.from(next.value));
    held += next.value.length;
    if (watch?.write(next.value) === "not-envelope") return { kind: "stream", prefix, rest: chunks };
  }
  if (from !== "auto" && from !== "text") {
    throw new InputError(`input is over the ${formatSize(cap)} --json-cap for parsing JSON; raise --json-cap or use --from text`, `byte ${cap}`);
  }
  return { kind: "stream", prefix, rest: chunks, note: `input over the ${formatSize(cap)} --json-cap: read as text, not parsed` };
}

/** Which envelopes readInput hands over to be streamed: none, those longer than DECISION_BYTES, or all (tests). */
export type StreamEnvelopes = "never" | "large" | "always";

/** True when the prefix reads as the start of an MCP CallToolResult (an object with MCP's top-level keys so far). */
function startsLikeMcpResult(prefix: Buffer[]): boolean {
  const reader = new EnvelopeStreamReader({ separator: "", sink: () => undefined });
  return prefix.every((piece) => reader.write(piece));
}

/** True when the first line is a whole JSON object and more follows: the start of JSON Lines. */
function startsWithJsonLine(head: Buffer): boolean {
  const end = head.indexOf(0x0a);
  if (end < 0) return false;
  try {
    const value: unknown = JSON.parse(head.subarray(0, end).toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
