// Bounds what Claude Code's Bash tool returned (a command the PreToolUse rewrite left as it was), for a PostToolUse
// answer: `updatedToolOutput`, a Bash output object whose stdout is correx's projection of the whole output.
//
// What Claude Code does with it (read in its code, @anthropic-ai/claude-agent-sdk-linux-x64 0.3.335, Claude Code
// 2.1.335): a Bash output over its limit (30,000 characters, BASH_MAX_OUTPUT_LENGTH) is copied whole to a file
// (`persistedOutputPath`, `persistedOutputSize`: the hook gets them in `tool_response`, with `stdout` holding the first
// 30,000 characters). The hook's `updatedToolOutput` must pass the Bash tool's output schema (`stdout` and `stderr`
// strings, `interrupted` boolean; otherwise it is dropped and the model reads the original), then replaces the output
// and goes through the same mapping to the model's tool_result, the one that turns an output carrying
// `persistedOutputPath` into `<persisted-output>` with a 2 KB preview: so the answer leaves those fields out.
import { closeSync, openSync, readSync } from "node:fs";
import { MODEL_BUDGET } from "../bound/budget.js";
import { BoundSession } from "../bound/session.js";
import { normalizeValue } from "../normalize/index.js";
import { isRecord } from "../payload.js";
import { finishProjection, planProjection, type ProjectOptions } from "../project/project.js";
import type { BashToolOutput } from "./claude-code-types.js";

/** A bounded Bash output, or why it is left as it is. */
export type BashOutputBounding = { kind: "bounded"; output: BashToolOutput; outputId?: string; note?: string } | { kind: "kept"; reason: string };

/**
 * The fields of Claude Code's Bash output (its output schema) that a replacement carries over as they came: the ones
 * its mapping to the model's tool_result reads, besides stdout and stderr. Left out: the persisted file's fields (they
 * would bring back the 2 KB preview), `stdoutHoldsOutputEnd`, and the fields only a client reads (`gitOperation`,
 * `bashEditDiff`): a field the schema does not know could make Claude Code refuse the whole replacement.
 */
const CARRIED_FIELDS = ["dangerouslyDisableSandbox", "returnCodeInterpretation", "noOutputExpected", "memoryLimitNote", "triggeredNote", "staleReadFileStateHint", "ghRateLimitHint"] as const;

/** The Bash tool's output as the hook reads it (BashOutput in the SDK's sdk-tools.d.ts). */
interface BashResponse extends Record<string, unknown> {
  stdout: string;
  stderr: string;
}

function isBashResponse(value: unknown): value is BashResponse {
  return isRecord(value) && typeof value.stdout === "string" && typeof value.stderr === "string";
}

/** Why Claude Code's output is not one to replace, or undefined when it is. */
function reasonNotToReplace(response: BashResponse): string | undefined {
  if (response.isImage === true) return "the output is an image";
  if (typeof response.backgroundTaskId === "string") return "the command runs in the background; its output is read later";
  if (Array.isArray(response.structuredContent) && response.structuredContent.length > 0) return "the output is structured content";
  return undefined;
}

/** Bytes read from Claude Code's saved output at a time, into one reused buffer (the file may hold 64 MB). */
const READ_BYTES = 1024 * 1024;

/**
 * Streams the whole output into `session`: the file Claude Code saved it in when it was too long to keep inline (read
 * in pieces: the session holds a bounded window and saves the rest), else stdout. Whether it was saved, and why the
 * file could not be read (its first part, as the hook got it, is bounded then). The last byte written, for the notes.
 */
function writeWholeOutput(response: BashResponse, session: BoundSession): { persisted: boolean; lastByte: number | undefined; note?: string } {
  const path = response.persistedOutputPath;
  if (typeof path !== "string" || path === "") return { persisted: false, lastByte: writeText(response.stdout, session) };
  let descriptor: number;
  try {
    descriptor = openSync(path, "r");
  } catch (error) {
    const note = `the saved output ${path} could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): its first part, as the hook got it, is bounded`;
    return { persisted: true, lastByte: writeText(response.stdout, session), note };
  }
  try {
    const buffer = Buffer.allocUnsafe(READ_BYTES);
    let lastByte: number | undefined;
    for (let count; (count = readSync(descriptor, buffer, 0, READ_BYTES, null)) > 0; ) {
      session.write(buffer.subarray(0, count)); // the session copies what it keeps: the buffer is read into again
      lastByte = buffer[count - 1];
    }
    return { persisted: true, lastByte };
  } finally {
    closeSync(descriptor);
  }
}

/** Writes a text into the session; its last byte. */
function writeText(text: string, session: BoundSession): number | undefined {
  const bytes = Buffer.from(text, "utf8");
  session.write(bytes);
  return bytes.length === 0 ? undefined : bytes[bytes.length - 1];
}

/**
 * Bounds a Bash tool output for the model (`options`: budget, spill store): the whole output (the saved file when
 * Claude Code saved one), with Claude Code's own notes in stderr after it, as its tool_result shows them. An output
 * that fits the budget and that Claude Code kept inline comes back `kept`; one it saved is always replaced, or the
 * model would read its 2 KB preview.
 */
export function boundBashToolOutput(response: unknown, command: string | undefined, options: ProjectOptions): BashOutputBounding {
  if (!isBashResponse(response)) return { kind: "kept", reason: "not a Bash output correx can read (no stdout and stderr strings)" };
  const notReplaced = reasonNotToReplace(response);
  if (notReplaced !== undefined) return { kind: "kept", reason: notReplaced };
  const carried = Object.fromEntries(CARRIED_FIELDS.filter((field) => response[field] !== undefined).map((field) => [field, response[field]]));
  // Claude Code writes the carried notes after stdout, one line each: their room is kept out of the budget, so that the
  // tool_result stays under its own limit (past it, the result would be saved again and previewed).
  const notesBytes = Object.values(carried).reduce<number>((sum, value) => sum + (typeof value === "string" ? Buffer.byteLength(value, "utf8") + 1 : 0), 0);
  const budget = options.budget === undefined ? undefined : { ...options.budget, maxBytes: Math.max(1, (options.budget.maxBytes ?? MODEL_BUDGET.maxBytes) - notesBytes) };
  const project: ProjectOptions = {
    ...options,
    ...(budget ? { budget } : {}),
    reader: "model",
    format: "text",
    recordFields: { ...options.recordFields, tool: "Bash", ...(command !== undefined ? { command } : {}) },
  };
  // The output streams through one session (a saved output may hold 64 MB): planned as a text, then written in pieces.
  const plan = planProjection(normalizeValue("", "text"), project);
  const session = new BoundSession({ ...plan.base, ...plan.late, ...plan.view }, project.spill, project.spillFailure);
  const whole = writeWholeOutput(response, session);
  // Claude Code's own notes in stderr come after the output, on a line of their own.
  const notes = response.stderr.trim();
  if (notes !== "") session.write(Buffer.from(`${whole.lastByte === undefined || whole.lastByte === 0x0a ? "" : "\n"}${notes}`, "utf8"));
  session.endInput();
  const projection = finishProjection(plan, session, project);
  if (!projection.bound.truncated && !whole.persisted) return { kind: "kept", reason: "the output fits the budget" };
  const outputId = projection.bound.spill?.kind === "saved" ? projection.bound.spill.id : undefined;
  const output = { stdout: projection.text, stderr: "", interrupted: response.interrupted === true, ...carried };
  return { kind: "bounded", output, ...(outputId ? { outputId } : {}), ...(whole.note ? { note: whole.note } : {}) };
}
