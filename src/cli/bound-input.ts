// `correx bound` as a function: options and input chunks in, the written text and its warnings out (no process).
// The CLI (bound, normalize, lower) and the in-process fuzz suite both go through it.
// What only some inputs or flags need (an envelope, a whole JSON result, --to, --tool) is imported when they do:
// its modules' start-up is not paid by `echo hi | correx bound`.
import type { RecordFields } from "../bound/compose.js";
import { BoundSession } from "../bound/session.js";
import { withNotes } from "../normalize/result.js";
import type { Provider, ToolResult } from "../payload.js";
import { NO_FRAME } from "../project/model.js";
import { planReservation, renderOutput, type OutputOptions } from "../project/output.js";
import type { SpillSinkOptions } from "../spill/spill-sink.js";
import type { ToolKind } from "../tools/index.js";
import { canStreamEnvelope, readInput, WHOLE_TOOLS, type DetectScope, type Input, type StreamEnvelopes } from "./input.js";
import type { RawOptions } from "./options.js";
import { boundOptionsFor, collectAfterSpill, openSpill, outputOptions, tokenCounterFor } from "./pipeline.js";
import { parseProjectionConfig, type ProjectionConfig, type Surroundings } from "./projection-config.js";

/** Where warnings go: out at once (the CLI's stderr), or collected with the text. */
type Report = (warning: string) => void;
/** A warning, if there is one, to where warnings go. */
type Note = (warning: string | undefined) => void;

/** How to bound: which JSON `--from auto` reads as a tool result, where warnings go, what the record keeps. */
export interface BoundInputOptions {
  /** `envelopes` for bound (a command's JSON output is text and passes through as written); `all` for normalize and lower. */
  scope?: DetectScope;
  /** Warnings out as they happen (the CLI's stderr); without it they come back with the text. */
  report?: Report;
  /** Where the input came from, for the spill's record (`--label`, the parent command). */
  fields?: RecordFields;
  /** Which MCP envelopes are read as a stream (cli/envelope-input.ts): by default those past the decision bytes. */
  streamEnvelopes?: StreamEnvelopes;
  /** Told whether an envelope handed over to be streamed was bounded as a stream (true) or read again (false). */
  onEnvelope?: (streamed: boolean) => void;
  /** Asked once the input has ended: the signal that cut it short and the bytes read by then, if one did. */
  interrupted?: () => InputCut | undefined;
  /** The input's size when known before it is read (regular files): a big spill then starts its worker at once. */
  inputBytes?: number;
}

/** An input cut short by a stop signal: which, and after how many bytes. */
export interface InputCut {
  signal: string;
  bytes: number;
}

/** The note a projection of an interrupted input carries (`[note: …]` in text, meta.notes in JSON). */
export function interruptNote(cut: InputCut): string {
  return `input interrupted by ${cut.signal} after ${cut.bytes} bytes: this is what had arrived; the rest was never read`;
}

/** What an interrupted input's result and record say of it: meta.interrupted, the note, the record's `interrupted`. */
function markInterrupted(result: ToolResult, fields: RecordFields, cut: InputCut | undefined): { result: ToolResult; fields: RecordFields } {
  if (!cut) return { result, fields };
  const marked = withNotes(result, [interruptNote(cut)]);
  marked.meta = { ...marked.meta, interrupted: true, interrupt_signal: cut.signal };
  return { result: marked, fields: { ...fields, interrupted: cut.signal } };
}

/** The written text, or (with --to) a batch of results for the batch lowering to write. */
export type BoundInputResult =
  | { text: string; warnings: string[] }
  | { batch: unknown[]; config: ProjectionConfig & { to: Provider }; warnings: string[] };

/** Bounds one input the way `correx bound`, `normalize` and `lower` do; the CLI writes what it returns. */
export async function boundInput(raw: RawOptions, chunks: AsyncIterator<Buffer>, around: Surroundings, options: BoundInputOptions = {}): Promise<BoundInputResult> {
  const { scope = "envelopes", report, fields = {}, streamEnvelopes = "large" } = options;
  const warnings: string[] = [];
  const note = (warning: string | undefined): void => {
    if (warning) (report ?? ((text: string) => warnings.push(text)))(warning);
  };
  const config = parseProjectionConfig(raw, around);
  for (const warning of config.warnings) note(warning);
  const toolKind = config.tool ? (await import("../tools/index.js")).resolveToolKind(config.tool) : undefined;
  const output = await outputOptions(config);
  const read = (from: AsyncIterator<Buffer>, stream: StreamEnvelopes): Promise<Input> => readInput(from, config.from, config.jsonCap, toolKind, scope, config.to !== undefined, stream);
  const input = await read(chunks, canStreamEnvelope(config) ? streamEnvelopes : "never");
  const cut = (): InputCut | undefined => options.interrupted?.();
  const saving: SpillSinkOptions = options.inputBytes === undefined ? {} : { expectBytes: options.inputBytes };
  if (input.kind !== "envelope") return boundRead(config, output, toolKind, input, scope, note, fields, warnings, cut, saving);
  const streamed = await (await import("./envelope-input.js")).boundEnvelopeStream(config, output, input.prefix, input.rest, scope, fields);
  options.onEnvelope?.("text" in streamed);
  if ("text" in streamed) {
    for (const warning of streamed.warnings) note(warning);
    return { text: streamed.text, warnings };
  }
  try {
    return await boundRead(config, output, toolKind, await read(streamed.replay, "never"), scope, note, fields, warnings, cut, saving);
  } finally {
    streamed.done();
  }
}

/** Bounds an input readInput held whole or streams as text. */
async function boundRead(
  config: ProjectionConfig, output: OutputOptions, toolKind: ToolKind | undefined, input: Input, scope: DetectScope, note: Note, fields: RecordFields, warnings: string[],
  cut: () => InputCut | undefined, saving: SpillSinkOptions,
): Promise<BoundInputResult> {
  if (input.kind === "envelope") throw new Error("boundRead: an envelope to stream reached the whole path");
  if (input.kind === "stream") {
    // JSON cut short by the signal is no malformed input: the interruption, said after, is what is true
    if (!(input.noteIfWhole && cut())) note(input.note);
    return { text: await boundStream(config, output, toolKind, input.prefix, input.rest, note, fields, cut, saving), warnings };
  }
  const batch = config.to ? (await import("../normalize/batch.js")).readBatch(input.bytes, config.from) : undefined;
  if (batch && config.to) return { batch, config: { ...config, to: config.to }, warnings };
  const normalized = await (await import("./normalize-command.js")).normalizeBytes(input.bytes, config.from, { maxJsonBytes: config.jsonCap, detect: scope, interrupted: cut() !== undefined });
  if (scope === "envelopes" && config.from === "auto" && normalized.meta?.source_shape === "text" && !WHOLE_TOOLS.has(toolKind ?? "")) {
    return { text: await boundStream(config, output, toolKind, [input.bytes], EMPTY, note, fields, cut, saving), warnings };
  }
  // normalize and lower also say on stderr why JSON-looking input was read as text (lower's payload has no meta)
  if (normalized.meta?.source_shape === "text" && Array.isArray(normalized.meta.notes)) for (const text of normalized.meta.notes) note(String(text));
  const { result, fields: recordFields } = markInterrupted(normalized, fields, cut());
  if (config.tool) {
    const { readRegistryFile, registryPathFor } = await import("../normalize/registry.js");
    readRegistryFile(registryPathFor(config.configPath)).validate(config.tool, result);
  }
  // --tool picks the format; the call's own name (functionResponse.name, toolName) stays the wire name.
  if (config.tool && result.tool === undefined) result.tool = config.tool;
  const spill = openSpill(config, saving);
  const countTokens = await tokenCounterFor(config);
  const projection = (await import("../project/project.js")).projectResult(result, {
    recordFields,
    ...config.bound, ...output, ...(countTokens ? { countTokens } : {}), ...(config.tool ? { tool: config.tool } : {}),
    ...(spill.target ? { spill: spill.target } : {}), ...(spill.failure ? { spillFailure: spill.failure } : {}), input: input.bytes,
  });
  for (const warning of [...projection.warnings, collectAfterSpill(config, spill.target, projection.bound)]) note(warning);
  return { text: projection.text, warnings };
}

const EMPTY: AsyncIterator<Buffer> = { next: async () => ({ done: true, value: undefined }) };

/** Bounds text as a byte stream in constant memory: the chunks already read, then the rest. */
async function boundStream(
  config: ProjectionConfig, output: OutputOptions, toolKind: ToolKind | undefined, prefix: Buffer[], rest: AsyncIterator<Buffer>, note: Report, fields: RecordFields,
  cut: () => InputCut | undefined, saving: SpillSinkOptions,
): Promise<string> {
  const start: ToolResult = { ok: true, ...(config.tool ? { tool: config.tool } : {}), meta: { source_shape: "text" } };
  const frame = config.tool ? (await import("../tools/index.js")).formatToolFrame(start, { tool: config.tool }) : NO_FRAME;
  const spill = openSpill(config, saving);
  const shape = toolKind === "bash" ? (await import("../run/command-output.js")).shapeCommandOutput : undefined;
  const session = new BoundSession(await boundOptionsFor(config, output, start, frame, shape), spill.target, spill.failure);
  for (const chunk of prefix) session.write(chunk);
  for (let next = await rest.next(); !next.done; next = await rest.next()) session.write(next.value);
  const interrupted = cut();
  const { result: base, fields: recordFields } = markInterrupted(start, { source_shape: "text", ...(config.tool ? { tool: config.tool } : {}), ...fields }, interrupted);
  // The note is known only now: the final cut leaves room for it.
  const late = interrupted ? planReservation(base, frame, output, config.spillDir, shape) : {};
  const finished = session.finish(recordFields, late);
  const bounded = shape ? shape(finished) : finished;
  const written = renderOutput(base, bounded, frame, output);
  for (const warning of [...written.warnings, collectAfterSpill(config, spill.target, bounded)]) if (warning) note(warning);
  return written.text;
}
