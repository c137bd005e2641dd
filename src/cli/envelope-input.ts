// A tool-result envelope read as a stream (normalize/envelope-stream.ts): its text goes to the bounder as it is
// decoded, its bytes to the spill, and only a small skeleton is held. When the input turns out to be something else
// (another shape, malformed, over --json-cap), it is read again from the spill the ordinary way, so the output is
// always what reading it whole gives.
import { closeSync, openSync, readSync } from "node:fs";
import { resolveBoundOptions } from "../bound/defaults.js";
import type { RecordFields } from "../bound/compose.js";
import { BoundSession, type RawReplay } from "../bound/session.js";
import { IoError } from "../errors.js";
import { EnvelopeStreamReader } from "../normalize/envelope-stream.js";
import { parseJsonBytes } from "../normalize/json-input.js";
import { withoutJsonRpc } from "../normalize/json-rpc.js";
import { MCP_PART_SEPARATOR } from "../normalize/parts.js";
import type { EnvelopeSkeleton } from "../normalize/streamed-token.js";
import { isRecord, type ToolResult } from "../payload.js";
import type { OutputOptions } from "../project/output.js";
import type { ProjectOptions, Projection } from "../project/project.js";
import { finishStreamedProjection } from "../project/streamed-projection.js";
import type { DetectScope } from "./input.js";
import { normalizeParsed } from "./normalize-command.js";
import { collectAfterSpill, openSpill, tokenCounterFor } from "./pipeline.js";
import type { ProjectionConfig } from "./projection-config.js";

/** The written text of a streamed envelope, or the input to read again (then `done` once it was). */
export type StreamedEnvelope =
  | { text: string; warnings: string[] }
  | { replay: AsyncIterator<Buffer>; done: () => void };

/** Bounds an envelope as it streams (the chunks read so far, then the rest); see the file comment for the fallback. */
export async function boundEnvelopeStream(
  config: ProjectionConfig, output: OutputOptions, prefix: Buffer[], rest: AsyncIterator<Buffer>, scope: DetectScope, fields: RecordFields,
): Promise<StreamedEnvelope> {
  const spill = openSpill(config);
  const countTokens = await tokenCounterFor(config);
  const options: ProjectOptions = {
    recordFields: fields, ...config.bound, ...output, ...(countTokens ? { countTokens } : {}),
    ...(spill.target ? { spill: spill.target } : {}), ...(spill.failure ? { spillFailure: spill.failure } : {}),
  };
  const session = new BoundSession(resolveBoundOptions(options), spill.target, spill.failure);
  const reader = new EnvelopeStreamReader({ separator: MCP_PART_SEPARATOR, sink: (bytes) => session.writeDerivedText(bytes) });
  let held = 0;
  const take = (chunk: Buffer): boolean => {
    held += chunk.length;
    session.writeRaw(chunk);
    return held <= config.jsonCap && reader.write(chunk);
  };
  let taken = 0;
  let reading = true;
  let projection: Projection | undefined;
  try {
    while (reading && taken < prefix.length) reading = take(prefix[taken++]!);
    for (let next = reading ? await rest.next() : undefined; reading && next && !next.done; next = await rest.next()) reading = take(next.value);
    const ended = reading ? reader.end() : undefined;
    const result = ended ? normalizeSkeleton(ended, config, scope) : undefined;
    projection = ended && result ? finishStreamedProjection(result, ended, MCP_PART_SEPARATOR, session, options) : undefined;
  } catch (error) {
    session.discard(); // an input that cannot be read, or a refused budget: nothing of this reading is left behind
    throw error;
  }
  if (projection) {
    const warnings = [...projection.warnings, collectAfterSpill(config, spill.target, projection.bound)].filter((warning): warning is string => warning !== undefined);
    return { text: projection.text, warnings };
  }
  return { replay: replayInput(session.rawReplay(), prefix.slice(taken), rest), done: () => session.discard() };
}

/**
 * The skeleton's result as the ordinary path reads the input (the structured content read as it streamed put where
 * its token stands); undefined when that path would read it otherwise.
 */
function normalizeSkeleton(ended: EnvelopeSkeleton, config: ProjectionConfig, scope: DetectScope): ToolResult | undefined {
  try {
    const value = parseJsonBytes(ended.skeleton);
    const structured = ended.structured;
    const result = withoutJsonRpc(value);
    if (structured && isRecord(result) && result.structuredContent === structured.token) result.structuredContent = structured.value;
    const normalized = normalizeParsed(value, config.from, scope);
    return normalized?.meta?.source_shape === "text" ? undefined : normalized;
  } catch {
    return undefined;
  }
}

/** The input again: what the session kept (held chunks, then its spill file), the chunks not yet taken, the rest. */
async function* replayInput(raw: RawReplay, untaken: Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  if (!raw.complete) throw new IoError("cannot read the input again: the spill that kept it failed or was capped (use --from text, or a larger --max-output)");
  yield* raw.memory;
  if (raw.path !== undefined) {
    const fd = openSync(raw.path, "r");
    try {
      const buffer = Buffer.allocUnsafe(1024 * 1024);
      for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) yield Buffer.from(buffer.subarray(0, read));
    } finally {
      closeSync(fd);
    }
  }
  yield* untaken;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
