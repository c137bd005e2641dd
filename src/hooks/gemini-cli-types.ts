// The parts of Gemini CLI's hook protocol that correx reads and writes, as its source builds and reads them
// (google-gemini/gemini-cli 5411f113, @google/gemini-cli-core 0.56.0-nightly, re-checked against the published 0.61.0:
// packages/core/src/hooks/types.ts, hookEventHandler.ts, hookRunner.ts; packages/core/src/tools/shell.ts for the shell
// tool's input, which 0.61 extends only with an optional sandbox-permissions field a rewrite keeps as it is).
import { InputError } from "../errors.js";
import { isRecord } from "../payload.js";

/** A hook event as Gemini CLI writes it on the hook's stdin (HookInput + BeforeToolInput / AfterToolInput; others are ignored). */
export interface GeminiCliHookEvent {
  /** Sent by the agent, not read by correx (so not checked: an event without them is answered all the same). */
  session_id?: string;
  transcript_path?: string;
  cwd?: string;
  hook_event_name: string;
  /** ISO 8601, when the event was fired. */
  timestamp?: string;
  tool_name?: string;
  tool_input?: unknown;
  /** AfterTool only: `{ llmContent, returnDisplay, error }`. */
  tool_response?: unknown;
  /** MCP tools only: the server and the tool's own name. */
  mcp_context?: unknown;
  /** Set when the tool runs as an AfterTool hook's tail call. */
  original_request_name?: string;
}

/** The `hookSpecificOutput` of a BeforeTool answer: `tool_input` replaces the tool's arguments (v0.24.0 and later). */
export interface BeforeToolOutput {
  hookEventName: "BeforeTool";
  tool_input: Record<string, unknown>;
}

/** What a command hook writes on stdout (exit 0); `{}` changes nothing. */
export interface GeminiCliHookAnswer {
  /** `ask` makes Gemini CLI ask the user before the tool runs, whatever its policy says (v0.36.0 and later). */
  decision?: "ask";
  hookSpecificOutput?: BeforeToolOutput;
}

/** The input of Gemini CLI's shell tool (ShellToolParams): the command, then the fields a rewrite keeps as they are. */
export interface ShellToolInput extends Record<string, unknown> {
  command: string;
  description?: string;
  /** The directory it runs in, relative to the workspace (else the workspace's root). */
  dir_path?: string;
  /** Run in the background: the tool returns after `delay_ms` with the output so far. */
  is_background?: boolean;
  delay_ms?: number;
}

/** Gemini CLI's shell tool. */
export const SHELL_TOOL = "run_shell_command";

/** Checks a parsed hook event (the fields correx reads); a value that is not one is an InputError naming the JSON path. */
export function readGeminiCliEvent(value: unknown): GeminiCliHookEvent {
  if (!isRecord(value)) throw new InputError("a Gemini CLI hook event is a JSON object", "$");
  // The event's name is all correx needs to answer; session_id, transcript_path and cwd, which it never reads, are
  // not asked for: an event without them (another version, an SDK host) is answered, not refused with a hook error.
  if (typeof value.hook_event_name !== "string") throw new InputError("a Gemini CLI hook event has a string hook_event_name", "$.hook_event_name");
  if (value.tool_name !== undefined && typeof value.tool_name !== "string") throw new InputError("tool_name is a string", "$.tool_name");
  return value as unknown as GeminiCliHookEvent;
}
