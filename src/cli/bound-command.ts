// `correx bound`: stdin (text or a tool-result JSON) → bounded projection on stdout.
import { BoundSession } from "../bound/session.js";
import { UsageError } from "../errors.js";
import type { BoundText } from "../bound/types.js";
import type { ToolResult } from "../payload.js";
import { NO_FRAME, type Frame } from "../project/model.js";
import { renderOutput } from "../project/output.js";
import { formatTool, formatToolFrame, resolveToolKind } from "../tools/index.js";
import { readInput } from "./input.js";
import { readStdin, stdoutIsTTY, warn, writeStdout } from "./io.js";
import { normalizeBytes } from "./normalize-command.js";
import type { RawOptions } from "./options.js";
import { boundOptionsFor, openSpill, outputOptions } from "./pipeline.js";
import { parseProjectionConfig, type ProjectionConfig } from "./projection-config.js";

/** Bounds a result held whole: its tool's text, the body cut when it does not fit, the input spilled as read. */
export async function boundWhole(config: ProjectionConfig, bytes: Buffer): Promise<{ result: ToolResult; bounded: BoundText; frame: Frame; paged: boolean }> {
  const result = await normalizeBytes(bytes, config.from, { maxJsonBytes: config.jsonCap });
  if (config.tool) result.tool = config.tool;
  const tool = config.tool ?? result.tool;
  const budget = config.bound.budget;
  const text = formatTool(result, { ...(tool ? { tool } : {}), budget });
  const frame = { header: text.header, footer: text.footer };
  const options = await boundOptionsFor(config, result, text.paged ? NO_FRAME : frame);
  const spill = openSpill(config);
  const session = new BoundSession(text.paged ? { ...options, reservedBytes: 0, reservedLines: 0 } : options, spill.target, spill.failure);
  const body = text.paged ? `${text.header}${text.body}${text.footer}` : text.body;
  session.writeDerived(bytes, body);
  const source = result.meta?.source_shape ?? "text";
  const bounded = session.finish({ source_shape: source, ...(tool ? { tool } : {}) });
  return { result, bounded, frame: text.paged ? NO_FRAME : frame, paged: text.paged };
}

/** Runs `correx normalize`: the same pipeline, writing the unified payload JSON unless --format/--to say otherwise. */
export async function runNormalize(raw: RawOptions, formatGiven: boolean): Promise<void> {
  await runBound({ ...raw, format: formatGiven ? raw.format : "json" });
}

/** Runs `correx lower --to PROVIDER`: the same pipeline, ending in the provider's wire JSON. */
export async function runLower(raw: RawOptions): Promise<void> {
  if (raw.to === undefined) throw new UsageError("correx lower needs --to PROVIDER (accepts: openai-chat, openai-responses, anthropic, gemini, bedrock, mcp, ai-sdk)");
  await runBound(raw);
}

/** Runs `correx bound` with raw commander options. */
export async function runBound(raw: RawOptions): Promise<void> {
  const config = parseProjectionConfig(raw, { stdoutIsTTY: stdoutIsTTY(), columns: process.stdout.columns, env: process.env });
  const toolKind = config.tool ? resolveToolKind(config.tool) : undefined;
  const input = await readInput(readStdin(), config.from, config.jsonCap, toolKind);
  const output = await outputOptions(config);
  if (input.kind === "whole") {
    const { result, bounded, frame } = await boundWhole(config, input.bytes);
    const written = renderOutput(result, bounded, frame, output);
    for (const warning of written.warnings) warn(warning);
    await writeStdout(written.text);
    return;
  }
  if (input.note) warn(input.note);
  const base: ToolResult = { ok: true, ...(config.tool ? { tool: config.tool } : {}), meta: { source_shape: "text" } };
  const frame = config.tool ? formatToolFrame(base, { tool: config.tool }) : NO_FRAME;
  const spill = openSpill(config);
  const session = new BoundSession(await boundOptionsFor(config, base, frame), spill.target, spill.failure);
  for (const chunk of input.prefix) session.write(chunk);
  for (let next = await input.rest.next(); !next.done; next = await input.rest.next()) session.write(next.value);
  const bounded = session.finish({ source_shape: "text", ...(config.tool ? { tool: config.tool } : {}) });
  const written = renderOutput(base, bounded, frame, output);
  for (const warning of written.warnings) warn(warning);
  await writeStdout(written.text);
}
