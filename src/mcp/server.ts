// `correx mcp`'s protocol side: an MCP server (the official SDK, loaded on first use) whose tools call handlers
// it is given, so that this module never touches the process; the CLI connects it to stdin and stdout.
import type { Readable, Writable } from "node:stream";
import { CORREX_TOOLS, GREP_OUTPUT_TOOL, READ_OUTPUT_TOOL, RUN_TOOL } from "./tool-definitions.js";
import { answerSafely, readArguments, toCallToolResult, type ToolAnswer } from "./tool-answer.js";

/** Progress of a long call, sent to the client when it asked for it (a progressToken). */
export interface ProgressReport {
  progress: number;
  total?: number;
  message?: string;
}

/** What a tool handler gets besides its arguments: cancellation and a way to report progress. */
export interface ToolCallContext {
  /** Aborted when the client cancels the call (notifications/cancelled) or the connection closes. */
  signal: AbortSignal;
  /** Present when the client gave a progressToken. */
  progress?: (report: ProgressReport) => void;
  /** The name the client gave in `initialize` (`clientInfo.name`), which says how it cuts a result again. */
  client?: string;
}

/** The tools' implementations; each may throw ToolArgumentError or a CorrexError, answered as a tool error. */
export interface McpServerHandlers {
  run(args: Record<string, unknown>, context: ToolCallContext): Promise<ToolAnswer>;
  /** `context.client` says how large a page the client shows whole. */
  readOutput(args: Record<string, unknown>, context: ToolCallContext): ToolAnswer;
  grepOutput(args: Record<string, unknown>, context: ToolCallContext): ToolAnswer;
}

/** Where the server talks and what it says about itself. */
export interface McpServerOptions {
  input: Readable;
  output: Writable;
  version: string;
  handlers: McpServerHandlers;
  /** Where diagnostics go (never the protocol stream). */
  log: (message: string) => void;
}

/** A running server; `closed` settles when the connection ends. */
export interface RunningMcpServer {
  closed: Promise<void>;
  close(): Promise<void>;
}

const INSTRUCTIONS =
  "correx runs commands with bounded output: use `run` for builds, tests and anything verbose. A cut output shows a " +
  "marker line with an id (tool_…); read the omitted lines with `read_output` or search them with `grep_output`.";

/** Starts the server on the given streams; tools/list answers CORREX_TOOLS, tools/call dispatches to the handlers. */
export async function startMcpServer(options: McpServerOptions): Promise<RunningMcpServer> {
  const [{ Server }, { StdioServerTransport }, { CallToolRequestSchema, ListToolsRequestSchema }] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/index.js"),
    import("@modelcontextprotocol/sdk/server/stdio.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  const server = new Server({ name: "correx", version: options.version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: CORREX_TOOLS.map((tool) => ({ ...tool })) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const token = request.params._meta?.progressToken;
    const client = server.getClientVersion()?.name;
    const context: ToolCallContext = {
      signal: extra.signal,
      ...(client === undefined ? {} : { client }),
      ...(token === undefined
        ? {}
        : {
            progress: (report: ProgressReport) => {
              extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, ...report } }).catch(() => undefined);
            },
          }),
    };
    return toCallToolResult(await answerCall(request.params.name, request.params.arguments, context, options));
  });
  const transport = new StdioServerTransport(options.input, options.output);
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  server.onclose = () => resolveClosed();
  server.onerror = (error) => options.log(`protocol error: ${error.message}`);
  await server.connect(transport);
  return { closed, close: () => server.close() };
}

/** Dispatches one call to its handler. */
function answerCall(name: string, rawArguments: unknown, context: ToolCallContext, options: McpServerOptions): Promise<ToolAnswer> {
  return answerSafely(name, () => {
    const args = readArguments(rawArguments, CORREX_TOOLS.find((known) => known.name === name));
    switch (name) {
      case RUN_TOOL.name:
        return options.handlers.run(args, context);
      case READ_OUTPUT_TOOL.name:
        return options.handlers.readOutput(args, context);
      case GREP_OUTPUT_TOOL.name:
        return options.handlers.grepOutput(args, context);
      default:
        return { text: `unknown tool '${name}' (correx offers: ${CORREX_TOOLS.map((tool) => tool.name).join(", ")})`, isError: true };
    }
  }, options.log);
}
