// `correx bound`: stdin (text or a tool-result JSON) → bounded projection on stdout.
import { BoundSession } from "../bound/session.js";
import type { ToolResult } from "../payload.js";
import { NO_FRAME } from "../project/model.js";
import { renderOutput } from "../project/output.js";
import { readStdin, stdoutIsTTY, warn, writeStdout } from "./io.js";
import type { RawOptions } from "./options.js";
import { boundOptionsFor, openSpill, outputOptions } from "./pipeline.js";
import { parseProjectionConfig } from "./projection-config.js";

/** Runs `correx bound` with raw commander options. */
export async function runBound(raw: RawOptions): Promise<void> {
  const config = parseProjectionConfig(raw, { stdoutIsTTY: stdoutIsTTY(), columns: process.stdout.columns, env: process.env });
  const base: ToolResult = { ok: true, ...(config.tool ? { tool: config.tool } : {}), meta: { source_shape: "text" } };
  const options = await boundOptionsFor(config, base);
  const spill = openSpill(config);
  const session = new BoundSession(options, spill.target, spill.failure);
  for await (const chunk of readStdin()) session.write(chunk);
  const bounded = session.finish({ source_shape: "text", ...(config.tool ? { tool: config.tool } : {}) });
  const output = renderOutput(base, bounded, NO_FRAME, await outputOptions(config));
  for (const warning of output.warnings) warn(warning);
  await writeStdout(output.text);
}
