// The tools `correx mcp` offers, as MCP tool definitions: names, descriptions written for a model, and schemas.
import { MAX_TIMER_MS } from "../units.js";

/** An MCP tool definition (the `tools/list` entry) with JSON Schemas for its input and its structuredContent. */
export interface McpToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, unknown>; required?: string[]; additionalProperties?: boolean };
  outputSchema?: { type: "object"; properties: Record<string, unknown>; required?: string[] };
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
}

const MARKER_HELP =
  "When the output is longer than the budget, the middle is cut and a marker line takes its place, e.g. " +
  "`[... omitted 4954 lines, 48460 bytes: lines 12-4965 of 5001 lines ...]` followed by the full output's id (tool_…). " +
  "Nothing is lost: the whole output is saved; read the omitted lines with read_output (id, offset = the first omitted line) " +
  "or search them with grep_output instead of running the command again.";

/** The output facts every tool reports in structuredContent when an output was cut and saved. */
const SAVED_OUTPUT_FIELDS = {
  truncated: { type: "boolean", description: "true when the text shows only part of the output" },
  output_id: { type: "string", description: "id of the saved full output (for read_output and grep_output)" },
  output_path: { type: "string", description: "the saved full output's file" },
  next_offset: { type: "integer", description: "first line not shown: pass it as offset to read_output" },
  total_lines: { type: "integer" },
  total_bytes: { type: "integer" },
};

/**
 * The text of the answer, repeated last in structuredContent: clients such as Codex CLI and Claude Code give the model
 * only structuredContent when a result has one (tool-answer.ts).
 */
const TEXT_FIELD = { text: { type: "string", description: "the answer's text, as in its text content (for clients that show only structuredContent)" } };

/** `run`: a command, bounded. */
export const RUN_TOOL: McpToolDefinition = {
  name: "run",
  title: "Run a command (bounded output)",
  description:
    "Run a shell command or program and get its merged stdout+stderr, bounded to fit your context, and how it ended " +
    "(exit code, signal, or timeout; a failure is flagged as an error). Use it instead of a plain shell tool for builds, " +
    "tests, installs, logs and anything that may print a lot: escape sequences and progress-bar redraws are cleaned, " +
    "repeated lines folded, and the lines that matter (errors, failing tests, file:line locations, the end) are kept. " +
    `${MARKER_HELP} Give either \`command\` (a shell command line, run with sh -c: pipes, &&, globs work) or \`argv\` ` +
    "(a program and its arguments, no shell). Cancelling the call stops the command and everything it started. " +
    // The output is read to its end, as a pipe is, but no longer than 2 s after the command exited (DRAIN_MS): a job
    // left running with it (`npm run dev &`) held the call open until the job ended (QA: a server started so never
    // answered). Redirected, its log stays readable and the call ends with the command.
    "A background job left holding the output (`npm run dev &`) keeps running, but the call stops reading 2 s after " +
    "the command exits and its later output is lost: redirect it to a file to read it later (`npm run dev > dev.log 2>&1 &`).",
  inputSchema: {
    type: "object",
    properties: {
      command: { type: "string", description: "a shell command line, run with sh -c (e.g. \"npm test 2>&1 | tail -n 50\")" },
      argv: { type: "array", items: { type: "string" }, minItems: 1, description: "program and arguments, run without a shell (e.g. [\"make\", \"-j8\"])" },
      cwd: { type: "string", description: "working directory (default: the server's)" },
      timeout_ms: { type: "integer", minimum: 0, maximum: MAX_TIMER_MS, description: "stop the command after this many milliseconds (0 = no limit; at most 2147483647, 24.8 days)" },
      env: { type: "object", additionalProperties: { type: "string" }, description: "environment variables to set for the command" },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: {
      command: { type: "string", description: "the command line that ran (past 240 bytes, its start and end around a note)" },
      exit_code: { type: ["integer", "null"], description: "the exit status; null when it ended by a signal" },
      signal: { type: ["string", "null"], description: "the signal that ended it, e.g. SIGKILL" },
      timed_out: { type: "boolean" },
      duration_ms: { type: "integer" },
      output_held_ms: { type: "integer", description: "present when a background job the command started still held its output: read this long after the command exited, then no longer" },
      ...SAVED_OUTPUT_FIELDS,
      ...TEXT_FIELD,
    },
    required: ["command", "exit_code", "signal", "timed_out", "duration_ms", "truncated", "text"],
  },
  annotations: { destructiveHint: true, openWorldHint: true },
};

/** `read_output`: page a saved output. */
export const READ_OUTPUT_TOOL: McpToolDefinition = {
  name: "read_output",
  title: "Read a saved output",
  description:
    "Read lines of a full output that was cut (the tool_… id in a marker line), as numbered lines `N: text`. " +
    "Use it to see the lines a marker says were omitted: offset = the first omitted line. The page ends with " +
    "`(Showing lines X-Y of Z. Use offset=N to continue.)` or `(End of file - total Z lines)`; next_offset in the " +
    "structured result is where to continue. A line longer than a page (a minified file, a JSON blob) is read " +
    "in parts with byte_offset: the page then says `Use offset=L byte_offset=B to continue.` Prefer grep_output " +
    "when you look for something specific.",
  inputSchema: {
    type: "object",
    properties: {
      id: { type: "string", description: "the output id (tool_…) from a marker, or last for the newest saved output (last~1 the one before)" },
      offset: { type: "integer", minimum: 1, description: "first line to read, 1-based (default 1)" },
      limit: { type: "integer", minimum: 1, description: "most lines to read (default 2000; the page also stops at the byte budget)" },
      byte_offset: { type: "integer", minimum: 0, description: "read inside line `offset` from this byte of it (0-based): a part of a line too long for one page" },
    },
    required: ["id"],
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: {
      id: { type: "string" },
      path: { type: "string" },
      from_line: { type: "integer" },
      to_line: { type: "integer" },
      total_lines: { type: "integer" },
      next_offset: { type: "integer", description: "first line not read yet; absent at the end" },
      next_byte_offset: { type: "integer", description: "with byte_offset: the byte of line next_offset to continue from, while the line goes on" },
      from_byte: { type: "integer", description: "with byte_offset: the first byte of the line shown (0-based)" },
      to_byte: { type: "integer", description: "with byte_offset: the byte after the last one shown" },
      line_bytes: { type: "integer", description: "with byte_offset: the line's length in bytes" },
      output_held_ms: { type: "integer", description: "a run whose output a background process held: correx stopped reading it this long after the command exited, and saved no more" },
      warning: { type: "string", description: "what differs between the output's files now and as saved, when it changed after it was saved" },
      ...TEXT_FIELD,
    },
    required: ["id", "path", "from_line", "to_line", "total_lines", "text"],
  },
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
};

/** `grep_output`: search saved outputs. */
export const GREP_OUTPUT_TOOL: McpToolDefinition = {
  name: "grep_output",
  title: "Search saved outputs",
  description:
    "Search a full output that was cut (id from a marker line), or without id the newest saved outputs, for a " +
    "RE2 regular expression (as grep -E). Answers `Found N matches`, then `Line N: text` for each match and `Line N- text` " +
    "for context lines, `--` between separate places. Use it to find errors or names in the omitted part, then " +
    "read_output with offset near a line number to read around it.",
  inputSchema: {
    type: "object",
    properties: {
      pattern: { type: "string", description: "an RE2 regular expression, as grep -E (e.g. \"error|FAIL\"; linear time, no backreferences or lookaround), or a literal string with fixed_strings" },
      id: { type: "string", description: "the output id (tool_…), or last for the newest saved output; omit it to search the newest saved outputs" },
      ignore_case: { type: "boolean", description: "match case-insensitively" },
      fixed_strings: { type: "boolean", description: "pattern is a literal string" },
      context: { type: "integer", minimum: 0, maximum: 50, description: "lines of context before and after each match (default 2)" },
      max_matches: { type: "integer", minimum: 1, description: "most matches to show per output (default 50; all are counted)" },
    },
    required: ["pattern"],
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    properties: {
      total_matches: { type: "integer" },
      outputs: {
        type: "array",
        items: {
          type: "object",
          properties: { id: { type: "string" }, total_matches: { type: "integer" }, total_lines: { type: "integer" }, lines: { type: "array", items: { type: "integer" } } },
          required: ["id", "total_matches"],
        },
      },
      ...TEXT_FIELD,
    },
    required: ["total_matches", "outputs", "text"],
  },
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
};

/** Every tool of `correx mcp`, in the order tools/list shows them. */
export const CORREX_TOOLS: readonly McpToolDefinition[] = [RUN_TOOL, READ_OUTPUT_TOOL, GREP_OUTPUT_TOOL];
