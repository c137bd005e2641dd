// `correx bound`: stdin (text or a tool-result JSON) → bounded projection on stdout.
import type { RecordFields } from "../bound/compose.js";
import { BoundSession } from "../bound/session.js";
import { UsageError } from "../errors.js";
import { PROVIDERS, type ToolResult } from "../payload.js";
import { NO_FRAME } from "../project/model.js";
import { renderOutput, type OutputOptions } from "../project/output.js";
import { projectResult } from "../project/project.js";
import { formatToolFrame, resolveToolKind, type ToolKind } from "../tools/index.js";
import { shapeCommandOutput } from "../run/command-output.js";
import { readInput, WHOLE_TOOLS, type DetectScope } from "./input.js";
import { readFiles, readStdinWithHint } from "./input-files.js";
import { stdoutIsTTY, warn, writeStdout } from "./io.js";
import { normalizeBytes } from "./normalize-command.js";
import { readBatch } from "../normalize/batch.js";
import { readRegistryFile, registryPathFor } from "../normalize/registry.js";
import type { RawOptions } from "./options.js";
import { parentShellCommand } from "./parent-command.js";
import { boundOptionsFor, collectAfterSpill, openSpill, outputOptions, tokenCounterFor } from "./pipeline.js";
import { parseProjectionConfig, type ProjectionConfig } from "./projection-config.js";

/** Runs `correx lower --to PROVIDER`: the same pipeline, ending in the provider's wire JSON. */
export async function runLower(raw: RawOptions): Promise<void> {
  if (raw.to === undefined) throw new UsageError(`lower needs --to PROVIDER (accepts: ${PROVIDERS.join(", ")})`);
  await runBound(raw, [], "all");
}

/** What the record keeps of where the input came from: `--label TEXT`, and the parent shell's command line. */
function recordFieldsFor(raw: RawOptions): RecordFields {
  const parent = parentShellCommand();
  return { ...(typeof raw.label === "string" && raw.label !== "" ? { label: raw.label } : {}), ...(parent ? { parent_command: parent } : {}) };
}

/**
 * Runs `correx bound` with raw commander options, on the files named (in order, as one stream) or stdin. `scope`
 * says which JSON `--from auto` reads as a tool result: `bound` reads only envelopes (a command's JSON output is
 * text and passes through as written), normalize and lower every shape.
 */
export async function runBound(raw: RawOptions, files: string[] = [], scope: DetectScope = "envelopes"): Promise<void> {
  const config = parseProjectionConfig(raw, { stdoutIsTTY: stdoutIsTTY(), columns: process.stdout.columns, env: process.env });
  for (const warning of config.warnings) warn(warning);
  const toolKind = config.tool ? resolveToolKind(config.tool) : undefined;
  const input = await readInput(files.length > 0 ? readFiles(files) : readStdinWithHint(), config.from, config.jsonCap, toolKind, scope, config.to !== undefined);
  const output = await outputOptions(config);
  if (input.kind === "stream") {
    await boundStream(config, output, toolKind, input.prefix, input.rest, input.note, recordFieldsFor(raw));
    return;
  }
  const batch = config.to ? readBatch(input.bytes, config.from) : undefined;
  if (batch && config.to) return (await import("./batch-command.js")).runBatch(batch, { ...config, to: config.to });
  const result = await normalizeBytes(input.bytes, config.from, { maxJsonBytes: config.jsonCap, detect: scope });
  if (scope === "envelopes" && config.from === "auto" && result.meta?.source_shape === "text" && !WHOLE_TOOLS.has(toolKind ?? "")) {
    await boundStream(config, output, toolKind, [input.bytes], EMPTY, undefined, recordFieldsFor(raw));
    return;
  }
  if (config.tool) readRegistryFile(registryPathFor(config.configPath)).validate(config.tool, result);
  // --tool picks the format; the call's own name (functionResponse.name, toolName) stays the wire name.
  if (config.tool && result.tool === undefined) result.tool = config.tool;
  const spill = openSpill(config);
  const countTokens = await tokenCounterFor(config);
  const projection = projectResult(result, {
    recordFields: recordFieldsFor(raw),
    ...config.bound, ...output, ...(countTokens ? { countTokens } : {}), ...(config.tool ? { tool: config.tool } : {}),
    ...(spill.target ? { spill: spill.target } : {}), ...(spill.failure ? { spillFailure: spill.failure } : {}), input: input.bytes,
  });
  for (const warning of [...projection.warnings, collectAfterSpill(config, spill.target, projection.bound)]) if (warning) warn(warning);
  await writeStdout(projection.text);
}

const EMPTY: AsyncIterator<Buffer> = { next: async () => ({ done: true, value: undefined }) };

/** Bounds text as a byte stream in constant memory: the chunks already read, then the rest. */
async function boundStream(
  config: ProjectionConfig, output: OutputOptions, toolKind: ToolKind | undefined, prefix: Buffer[], rest: AsyncIterator<Buffer>, note: string | undefined, fields: RecordFields,
): Promise<void> {
  if (note) warn(note);
  const base: ToolResult = { ok: true, ...(config.tool ? { tool: config.tool } : {}), meta: { source_shape: "text" } };
  const frame = config.tool ? formatToolFrame(base, { tool: config.tool }) : NO_FRAME;
  const spill = openSpill(config);
  const shape = toolKind === "bash" ? shapeCommandOutput : undefined;
  const session = new BoundSession(await boundOptionsFor(config, output, base, frame, shape), spill.target, spill.failure);
  for (const chunk of prefix) session.write(chunk);
  for (let next = await rest.next(); !next.done; next = await rest.next()) session.write(next.value);
  const finished = session.finish({ source_shape: "text", ...(config.tool ? { tool: config.tool } : {}), ...fields });
  const bounded = shape ? shape(finished) : finished;
  const written = renderOutput(base, bounded, frame, output);
  for (const warning of [...written.warnings, collectAfterSpill(config, spill.target, bounded)]) if (warning) warn(warning);
  await writeStdout(written.text);
}
