// Test helper: what a written CallToolResult costs, as the budget counts it.
import { estimateTokens } from "../../src/bound/budget.js";

type Block = Record<string, unknown>;

/** What the written result costs, as the budget counts it (tokens with `countTokens`: the estimate, else a tokenizer's). */
export function writtenCost(result: Record<string, unknown>, countTokens: (text: string) => number = estimateTokens): { bytes: number; tokens: number; lines: number; structuredBytes: number; structuredTokens: number } {
  const { structuredContent, ...rest } = result;
  const content = (rest.content as Block[]).map((block) => (typeof block.data === "string" ? { ...block, data: "" } : block));
  const json = JSON.stringify({ ...rest, content });
  const texts = content.map((block) => String(block.text ?? (block.resource as { text?: string } | undefined)?.text ?? "")).filter((text) => text !== "");
  return {
    bytes: Buffer.byteLength(json), tokens: countTokens(json), lines: texts.join("\n").split("\n").length,
    structuredBytes: structuredContent === undefined ? 0 : Buffer.byteLength(JSON.stringify(structuredContent)),
    structuredTokens: structuredContent === undefined ? 0 : countTokens(JSON.stringify(structuredContent)),
  };
}

