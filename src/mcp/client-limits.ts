// What an MCP client does to a tool result after the proxy has bounded it, read in the clients' own code
// (src/hooks/README.md, "MCP results"), and the budget that keeps correx's result whole in it. The client is
// known by the name it gives in `initialize` (`clientInfo.name`).
import type { Budget } from "../bound/types.js";
import { FAILED_OUTPUT_MAX_BYTES } from "../hooks/claude-code-limits.js";

/** Claude Code's MCP client name (2.1.335: `{name:"claude-code",title:"Claude Code",…}`). */
export const CLAUDE_CODE_CLIENT = "claude-code";
/** Gemini CLI's MCP client name (packages/core/src/tools/mcp-client.ts: `name: 'gemini-cli-mcp-client'`). */
export const GEMINI_CLI_CLIENT = "gemini-cli-mcp-client";
/**
 * Gemini CLI cuts a result of one text part longer than this many characters (`truncateToolOutputThreshold`,
 * 40,000 by default) to its first 20 % and last 80 %: the middle, where correx's kept lines are, is gone.
 */
export const GEMINI_CLI_MAX_CHARS = 40_000;
/** Codex CLI's MCP client name (codex-rs/codex-mcp/src/rmcp_client.rs: `Implementation::new("codex-mcp-client", …)`). */
export const CODEX_CLI_CLIENT = "codex-mcp-client";
/**
 * Codex CLI keeps a tool output (an MCP result's text items, or its structuredContent as JSON; an error alike) whole
 * up to its model's truncation policy × 1.2, else keeps the first and last halves: its catalog's models say
 * 10,000 tokens, estimated at 4 bytes each, so 48,000 bytes. 40,000 leaves room for the JSON escaping of the
 * content array that Codex versions before ContentItems sent as one text (and for Codex's own count of items).
 */
export const CODEX_CLI_MAX_BYTES = 40_000;
/** opencode's MCP client name (1.18.33: `new Client({name:"opencode",version})`). */
export const OPENCODE_CLIENT = "opencode";
/**
 * opencode joins a successful result's texts with "\n" and keeps only the head of a text over 2,000 lines (counted
 * as `split("\n")`, so a text ending in a newline counts one more) or 51,200 bytes (`Truncate.output`).
 */
export const OPENCODE_MAX_LINES = 2_000;
/**
 * correx counts a text's lines without the empty one after a final newline, and each block on its own: opencode
 * counts up to one more line a text block. The room kept for that, in lines (a result of more text blocks than
 * this may still lose its last lines there).
 */
export const OPENCODE_BLOCK_ROOM = 10;

/**
 * The official MCP SDK client's stdio transport (`@modelcontextprotocol/sdk` 1.32.2, shared/stdio.js
 * `STDIO_DEFAULT_MAX_BUFFER_SIZE`) holds at most 10 MiB unread: a longer line throws "ReadBuffer exceeded maximum
 * size of 10485760 bytes" and the client closes the connection (Claude Code, Gemini CLI and others use it).
 */
export const CLIENT_MAX_LINE_BYTES = 10 * 1024 * 1024;
/** What the client's buffer may hold besides the line: the rest of the read that ends it (a pipe read, 64 KiB). */
export const CLIENT_LINE_ROOM = 64 * 1024;

/** A result over the client's line keeps its media (tools/call) or blobs (resources/read) while they add up to at most this many base64 characters. */
export const MEDIA_KEPT_CHARS = CLIENT_MAX_LINE_BYTES - 1024 * 1024;
/** The client's line as the notes say it. */
export const CLIENT_LINE_SAID = `${CLIENT_MAX_LINE_BYTES / (1024 * 1024)} MiB`;

/** True when a frame of this many bytes (without its newline) is read by the SDK client whatever follows it. */
export function fitsClientLine(bytes: number): boolean {
  return bytes + 1 + CLIENT_LINE_ROOM <= CLIENT_MAX_LINE_BYTES;
}

/** The budgets the proxy was given: `--max-bytes` (and whether it was given), `--failure-max-bytes` if given, `--max-lines` likewise. */
export interface GivenBudget {
  maxBytes: number;
  maxBytesGiven: boolean;
  failureMaxBytes?: number;
  maxLines?: number;
  maxLinesGiven?: boolean;
}

/**
 * The byte budget for one result to this client, or undefined to keep `--max-bytes`. A result with `isError`
 * gets `--failure-max-bytes`, else, for Claude Code (which shows an MCP error's text whole only up to 11,024
 * characters, else its first and last 5,000), 10,000 bytes. A successful result to Gemini CLI gets at most 40,000
 * bytes, and any result to Codex CLI 40,000, unless `--max-bytes` was given (Gemini CLI shows its errors whole).
 * Never more than `--max-bytes`; bytes are never fewer than characters, so a budget in bytes holds a limit in characters.
 */
export function resultMaxBytes(given: GivenBudget, client: string | undefined, isError: boolean): number | undefined {
  let cap: number | undefined;
  if (isError) cap = given.failureMaxBytes ?? (client === CLAUDE_CODE_CLIENT ? FAILED_OUTPUT_MAX_BYTES : undefined);
  if (cap === undefined && !given.maxBytesGiven) {
    if (client === CODEX_CLI_CLIENT) cap = CODEX_CLI_MAX_BYTES;
    else if (client === GEMINI_CLI_CLIENT && !isError) cap = GEMINI_CLI_MAX_CHARS;
  }
  return cap !== undefined && cap < given.maxBytes ? cap : undefined;
}

/**
 * The line budget for a result to this client, or undefined to keep `--max-lines`: to opencode, 2,000 lines less
 * the room for its count of text blocks (OPENCODE_BLOCK_ROOM), unless `--max-lines` was given. Never more than
 * `--max-lines`.
 */
export function resultMaxLines(given: GivenBudget, client: string | undefined): number | undefined {
  if (client !== OPENCODE_CLIENT || given.maxLinesGiven || given.maxLines === undefined) return undefined;
  const cap = OPENCODE_MAX_LINES - OPENCODE_BLOCK_ROOM;
  return cap < given.maxLines ? cap : undefined;
}

/**
 * The budget of a successful result to this client: `budget` (the server's) with the bytes and lines the client
 * shows whole (resultMaxBytes, resultMaxLines), the same object when neither is smaller. It bounds a `run` result,
 * a proxied one, and the pages of `read_output` and `grep_output`, so that a page fits where the result that
 * pointed to it fit.
 */
export function successBudget<B extends Budget>(budget: B, given: GivenBudget, client: string | undefined): B {
  const maxBytes = resultMaxBytes(given, client, false);
  const maxLines = resultMaxLines(given, client);
  if (maxBytes === undefined && maxLines === undefined) return budget;
  return { ...budget, ...(maxBytes === undefined ? {} : { maxBytes }), ...(maxLines === undefined ? {} : { maxLines }) };
}
