// What a tool handler gives back, and its CallToolResult: text for the model, facts in structuredContent with the
// text repeated there: clients such as Codex CLI and Claude Code give the model only structuredContent, serialized,
// when a result has one. The budget holds for both (the larger, the object, is what the tools bound).
import { estimateTokens, type TokenCounter } from "../bound/budget.js";
import { CorrexError } from "../errors.js";
import { isRecord } from "../payload.js";
import type { McpToolDefinition } from "./tool-definitions.js";

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
 * bytes scaled down by the share of the bytes and tokens that may stay, a few times; if it is still over then, a
 * binary search between the largest room known to fit (or 1) and the smallest known over finds the largest room
 * that fits. The text is escaped inside the object, so its tokens fall more slowly than the page's bytes and scaled
 * guesses alone can stay a token over (801 of 800). Returns the answer of the largest room that fitted; the answer
 * of room 1 when none did (facts alone over the budget).
 */
export function fittedAnswer(budget: AnswerBudget, answerFor: (maxBytes: number) => ToolAnswer): ToolAnswer {
  const { maxBytes, maxTokens } = budget;
  const countTokens = budget.countTokens ?? estimateTokens;
  const measure = (answer: ToolAnswer): { bytes: number; tokens: number; fits: boolean } => {
    if (answer.structured === undefined) return { bytes: 0, tokens: 0, fits: true };
    const json = structuredJson(answer.structured, answer.text);
    const bytes = Buffer.byteLength(json);
    const tokens = maxTokens === undefined || bytes > maxBytes ? 0 : countTokens(json);
    return { bytes, tokens, fits: bytes <= maxBytes && (maxTokens === undefined || tokens <= maxTokens) };
  };
  let room = maxBytes;
  let answer = answerFor(room);
  let measured = measure(answer);
  if (measured.fits) return answer;
  let over = room;
  for (let guess = 0; guess < SCALED_GUESSES && room > 1; guess += 1) {
    const byBytes = measured.bytes > maxBytes ? Math.floor((room * maxBytes) / measured.bytes) : room;
    const byTokens = measured.tokens > 0 && maxTokens !== undefined && measured.tokens > maxTokens ? Math.floor((room * maxTokens) / measured.tokens) : room;
    room = Math.max(1, Math.min(room - 1, byBytes - 1, byTokens - 1));
    answer = answerFor(room);
    measured = measure(answer);
    if (!measured.fits) {
      over = room;
      continue;
    }
    if (over - room <= Math.max(1, room >> 5)) return answer;
    break;
  }
  let fitted = measured.fits ? { room, answer } : undefined;
  let low = fitted?.room ?? 0;
  let high = over;
  while (high - low > Math.max(1, low >> 5)) {
    const middle = low + Math.floor((high - low) / 2);
    const tried = answerFor(Math.max(1, middle));
    if (measure(tried).fits) {
      fitted = { room: middle, answer: tried };
      low = middle;
    } else high = middle;
  }
  return fitted?.answer ?? answerFor(1);
}

/** Scaled guesses before the binary search: most pages fit at the first or second. */
const SCALED_GUESSES = 3;

/** Arguments that do not fit a tool's schema: answered as a tool error, so the model can correct the call. */
export class ToolArgumentError extends Error {}

/** Reads the arguments object of a call (absent = {}); of `tool`, an argument its schema does not have is refused. */
export function readArguments(value: unknown, tool?: McpToolDefinition): Record<string, unknown> {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new ToolArgumentError("arguments must be an object");
  if (tool !== undefined) checkKnownArguments(value, tool);
  return value;
}

/**
 * Throws ToolArgumentError for an argument `tool`'s input schema does not have (its additionalProperties is false): a
 * model's `timeout: 30` for run, whose argument is timeout_ms, is refused, not dropped (the command would run with no limit).
 */
function checkKnownArguments(args: Record<string, unknown>, tool: McpToolDefinition): void {
  if (tool.inputSchema.additionalProperties !== false) return;
  const known = Object.keys(tool.inputSchema.properties);
  const unknown = Object.keys(args).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new ToolArgumentError(`unknown argument${unknown.length === 1 ? "" : "s"} ${unknown.map((name) => JSON.stringify(name)).join(", ")} (${tool.name} takes ${known.join(", ")})`);
  }
}

/** An optional string argument. */
export function optionalString(args: Record<string, unknown>, name: string): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new ToolArgumentError(`${name} must be a string`);
  return value;
}

/**
 * An optional whole-number argument within [min, max]; `unit` (what the number counts, its limits) is said in the error.
 * A number past a limit of MAX_SAFE_INTEGER (`1e308`, a whole number to JavaScript) is told that limit too, not only ">= 1".
 */
export function optionalInteger(args: Record<string, unknown>, name: string, min: number, max = Number.MAX_SAFE_INTEGER, unit?: string): number | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER && !(typeof value === "number" && value > max) ? `>= ${min}` : `from ${min} to ${max}`;
    throw new ToolArgumentError(`${name} must be a whole number ${range}${unit === undefined ? "" : ` (${unit})`} (got ${JSON.stringify(value)})`);
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
