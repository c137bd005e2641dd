// What a tool handler gives back, and its CallToolResult: text for the model, facts in structuredContent with the
// text repeated there: clients such as Codex CLI and Claude Code give the model only structuredContent, serialized,
// when a result has one. The budget holds for both (the larger, the object, is what the tools bound).
import { estimateTokens, type TokenCounter } from "../bound/budget.js";
import { CorrexError } from "../errors.js";
import { isRecord } from "../payload.js";

/** A tool's answer: the text the model reads, the structured facts, and whether the call failed. */
export interface ToolAnswer {
  text: string;
  structured?: Record<string, unknown>;
  isError?: boolean;
}

/** An MCP CallToolResult for an answer: the text, and the structured facts with the text as their last field. */
export function toCallToolResult(answer: ToolAnswer): { content: { type: "text"; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean } {
  return {
    content: [{ type: "text", text: answer.text }],
    ...(answer.structured ? { structuredContent: { ...answer.structured, text: answer.text } } : {}),
    ...(answer.isError ? { isError: true } : {}),
  };
}

/** The structuredContent of `facts` with `text`, serialized as a client serializes it for the model (compact JSON). */
export function structuredJson(facts: Record<string, unknown>, text: string): string {
  return JSON.stringify({ ...facts, text });
}

/** The budget of an answer: bytes, and tokens (counted by `countTokens`, the estimate when absent) when given. */
export interface AnswerBudget {
  maxBytes: number;
  maxTokens?: number;
  countTokens?: TokenCounter;
}

/**
 * An answer whose structuredContent, serialized, fits the bytes and the tokens (its text a page that stops at a byte
 * budget, so within the bytes already; the object holds the text, so its tokens are the text's and more): `answerFor`
 * is asked again for a smaller page while the object (the text escaped, the facts beside it) is over, the page's
 * bytes scaled down by the share of the tokens that may stay, a few times at most; the last answer is returned
 * either way.
 */
export function fittedAnswer(budget: AnswerBudget, answerFor: (maxBytes: number) => ToolAnswer): ToolAnswer {
  const { maxBytes, maxTokens } = budget;
  const countTokens = budget.countTokens ?? estimateTokens;
  let room = maxBytes;
  let answer = answerFor(room);
  for (let attempt = 0; attempt < 6 && answer.structured !== undefined; attempt += 1) {
    const json = structuredJson(answer.structured, answer.text);
    const over = Buffer.byteLength(json) - maxBytes;
    const tokens = maxTokens === undefined ? 0 : countTokens(json);
    const tokensOver = maxTokens !== undefined && tokens > maxTokens;
    if ((over <= 0 && !tokensOver) || room <= 1) break;
    const byTokens = tokensOver ? Math.floor((Math.min(room, Buffer.byteLength(json)) * maxTokens!) / tokens) - 1 : room;
    room = Math.max(1, Math.min(room - Math.max(0, over), byTokens));
    answer = answerFor(room);
  }
  return answer;
}

/** Arguments that do not fit a tool's schema: answered as a tool error, so the model can correct the call. */
export class ToolArgumentError extends Error {}

/** Reads the arguments object of a call (absent = {}). */
export function readArguments(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new ToolArgumentError("arguments must be an object");
  return value;
}

/** An optional string argument. */
export function optionalString(args: Record<string, unknown>, name: string): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new ToolArgumentError(`${name} must be a string`);
  return value;
}

/** An optional whole-number argument within [min, max]. */
export function optionalInteger(args: Record<string, unknown>, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new ToolArgumentError(`${name} must be a whole number${max === Number.MAX_SAFE_INTEGER ? ` >= ${min}` : ` from ${min} to ${max}`} (got ${JSON.stringify(value)})`);
  }
  return value;
}

/** An optional boolean argument. */
export function optionalBoolean(args: Record<string, unknown>, name: string): boolean | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw new ToolArgumentError(`${name} must be true or false`);
  return value;
}

/** Runs a tool; bad arguments and correx's own errors become tool errors the model can read, not protocol errors. */
export async function answerSafely(name: string, run: () => ToolAnswer | Promise<ToolAnswer>, log: (message: string) => void): Promise<ToolAnswer> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ToolArgumentError) return { text: `invalid arguments for ${name}: ${error.message}`, isError: true };
    if (error instanceof CorrexError) return { text: error.message, isError: true };
    log(`internal error in ${name}: ${(error as Error)?.stack ?? String(error)}`);
    return { text: `internal error in correx: ${(error as Error)?.message ?? String(error)}`, isError: true };
  }
}
