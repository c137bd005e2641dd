// Bounds what an MCP tool returned to an agent, giving it back in the shape it came in: a string stays a
// string, a content-block array stays an array, a CallToolResult stays one (images and other media intact).
import { normalizeValue } from "../normalize/index.js";
import { parseJsonKeepingNumbers } from "../normalize/lossless-json.js";
import { isRecord, type ToolResult } from "../payload.js";
import { projectResult, type ProjectOptions } from "../project/project.js";

/** A bounded MCP tool output, or why it is left as it is. */
export type McpOutputBounding = { kind: "bounded"; output: unknown; outputId?: string } | { kind: "kept"; reason: string };

type Layout = "string" | "blocks" | "result" | "json";

/** Which of the shapes Claude Code passes an MCP tool's output in (a string, content blocks, or an object). */
function layoutOf(response: unknown): Layout {
  if (typeof response === "string") return "string";
  if (Array.isArray(response)) return "blocks";
  return isRecord(response) && Array.isArray(response.content) ? "result" : "json";
}

/** The unified payload of the output, read as the layout says. */
function normalizeLayout(response: unknown, layout: Layout): ToolResult {
  switch (layout) {
    case "string":
      return normalizeValue(response, "text");
    case "blocks":
      return normalizeValue({ content: response }, "mcp");
    case "result":
      return normalizeValue(response, "mcp");
    case "json":
      return normalizeValue(response, "json");
  }
}

/**
 * Bounds an MCP tool's output for the model (`options`: budget, spill store). Output that fits comes back
 * `kept`, so the agent passes it on unchanged; a shape correx cannot read is kept too, with the reason.
 */
export function boundMcpToolOutput(response: unknown, tool: string, options: ProjectOptions): McpOutputBounding {
  if (response === undefined || response === null) return { kind: "kept", reason: "the tool returned nothing" };
  const layout = layoutOf(response);
  let result: ToolResult;
  try {
    result = normalizeLayout(response, layout);
  } catch (error) {
    return { kind: "kept", reason: `not an output correx can read: ${(error as Error).message}` };
  }
  const asText = layout === "string" || layout === "json";
  const projection = projectResult({ ...result, tool }, { ...options, reader: "model", format: "text", ...(asText ? {} : { to: "mcp" }), tool });
  if (!projection.bound.truncated) return { kind: "kept", reason: "the output fits the budget" };
  const outputId = projection.bound.spill?.kind === "saved" ? projection.bound.spill.id : undefined;
  // numbers keep the text they were written with (big integers, 1.0: SPEC §2), as the hook's answer writes them
  const lowered: unknown = asText ? projection.text : parseJsonKeepingNumbers(projection.text);
  const output = layout === "blocks" && isRecord(lowered) ? lowered.content : lowered;
  return { kind: "bounded", output, ...(outputId ? { outputId } : {}) };
}
