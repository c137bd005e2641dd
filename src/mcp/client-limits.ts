// What an MCP client does to a tool result after the proxy has bounded it, read in the clients' own code
// (src/hooks/README.md, "MCP results"), and the byte budget that keeps correx's result whole in it. The client is
// known by the name it gives in `initialize` (`clientInfo.name`).
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

/** The budgets the proxy was given: `--max-bytes` (and whether it was given), `--failure-max-bytes` if given. */
export interface GivenBudget {
  maxBytes: number;
  maxBytesGiven: boolean;
  failureMaxBytes?: number;
}

/**
 * The byte budget for one result to this client, or undefined to keep `--max-bytes`. A result with `isError`
 * gets `--failure-max-bytes`, else, for Claude Code (which shows an MCP error's text whole only up to 11,024
 * characters, else its first and last 5,000), 10,000 bytes. A successful result to Gemini CLI gets at most 40,000
 * bytes unless `--max-bytes` was given (its errors are shown whole). Never more than `--max-bytes`; bytes are never
 * fewer than characters, so a budget in bytes holds a limit in characters.
 */
export function resultMaxBytes(given: GivenBudget, client: string | undefined, isError: boolean): number | undefined {
  let cap: number | undefined;
  if (isError) cap = given.failureMaxBytes ?? (client === CLAUDE_CODE_CLIENT ? FAILED_OUTPUT_MAX_BYTES : undefined);
  else if (client === GEMINI_CLI_CLIENT && !given.maxBytesGiven) cap = GEMINI_CLI_MAX_CHARS;
  return cap !== undefined && cap < given.maxBytes ? cap : undefined;
}
