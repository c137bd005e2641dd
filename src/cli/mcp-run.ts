// The `run` tool of `correx mcp`: the same runner, bounder and spill as `correx run`, answered as a tool result.
import { boundMeta, WORST_CASE_ID } from "../project/model.js";
import type { OutputOptions } from "../project/output.js";
import { resultMaxBytes, successBudget, type GivenBudget } from "../mcp/client-limits.js";
import type { ToolCallContext } from "../mcp/server.js";
import { parseRunArguments, type RunDefaults } from "../mcp/run-arguments.js";
import { structuredJson, type ToolAnswer } from "../mcp/tool-answer.js";
import { classifyRun, exitCodeForRun, formatCommandLine, shownCommand, type RunFacts } from "../run/run-result.js";
import { trackRunStats } from "../run/run-stats.js";
import { startCommand } from "../run/start-command.js";
import { renderStatusLine } from "../run/status-line.js";
import type { RunHandle } from "../run/types.js";
import { collectAfterSpill } from "./pipeline.js";
import { maxLinesChosen, type ProjectionConfig } from "./projection-config.js";
import { openSessions, projectRun } from "./run-command.js";

/** How often a long run reports progress to a client that asked for it. */
export const PROGRESS_INTERVAL_MS = 1000;
const PROGRESS_COLUMNS = 160;

/** Everything the run tool needs besides its arguments. */
export interface McpRunEnvironment {
  config: ProjectionConfig;
  options: OutputOptions;
  defaults: RunDefaults;
  /** Commands still running, so that the server can stop their groups when it exits. */
  running: Set<RunHandle>;
  warn: (message: string) => void;
}

/** Runs one `run` call to its end (or its cancellation, which stops the process group). */
export async function runTool(args: Record<string, unknown>, context: ToolCallContext, environment: McpRunEnvironment): Promise<ToolAnswer> {
  const { options } = environment;
  const budgeted = withClientBudget(environment.config, context.client);
  // a budget too small for the marker keeps the output and names it: as read_output reads it, not as the CLI does
  const config = { ...budgeted, bound: { ...budgeted.bound, readSaved: (id: string) => `read it with read_output id=${id}` } };
  const spec = parseRunArguments(args, environment.defaults);
  const facts: RunFacts = { command: formatCommandLine(spec.command, spec.args, spec.shell), tool: "bash", ...(spec.timeoutMs ? { timeoutMs: spec.timeoutMs } : {}) };
  const sessions = await openSessions(config, options, facts, "merged");
  const report = context.progress;
  // The totals only feed the progress a client asked for: otherwise nothing counts them.
  const stats = report ? trackRunStats() : undefined;
  const handle = await startCommand(spec, (chunk) => {
    stats?.observe(chunk);
    sessions.output.write(chunk);
  });
  environment.running.add(handle);
  const stop = (): void => handle.interrupt("SIGTERM");
  context.signal.addEventListener("abort", stop, { once: true });
  if (context.signal.aborted) stop();
  const timer = report && stats
    ? setInterval(() => {
        const snapshot = stats.snapshot();
        report({ progress: Math.round(snapshot.elapsedMs) / 1000, message: renderStatusLine(snapshot, PROGRESS_COLUMNS) });
      }, PROGRESS_INTERVAL_MS)
    : undefined;
  let outcome;
  try {
    outcome = await handle.done;
  } finally {
    clearInterval(timer);
    context.signal.removeEventListener("abort", stop);
    environment.running.delete(handle);
  }
  if (outcome.spawnError) sessions.output.write(Buffer.from(`${outcome.spawnError.message}\n`));
  const worst = worstRunFacts(facts.command, config.spillDir);
  // A failed run is an isError result: bounded to what its client shows of an error whole (mcp/client-limits.ts)
  const failureMaxBytes = resultMaxBytes(givenBudget(config), context.client, true);
  const { output, bounded } = await projectRun(config, options, facts, outcome, sessions, { wrap: (text) => structuredJson(worst, text) }, failureMaxBytes);
  for (const warning of [...output.warnings, collectAfterSpill(config, sessions.spill, bounded)]) if (warning) environment.warn(warning);
  const meta = boundMeta(bounded);
  const structured = runFacts(facts.command, {
    // a command that could not start: the status the text gives (127 not found, 126 not executable), as `correx run` exits
    exitCode: outcome.spawnError ? exitCodeForRun(outcome) : outcome.exitCode,
    signal: outcome.signal, timedOut: outcome.timedOut, durationMs: outcome.durationMs, ...(outcome.outputHeldMs === undefined ? {} : { outputHeldMs: outcome.outputHeldMs }), truncated: bounded.truncated,
    outputId: meta.output_id, outputPath: meta.output_path, nextOffset: meta.next_offset, totalLines: bounded.totalLines, totalBytes: bounded.totalBytes,
  });
  return { text: output.text, structured, ...(classifyRun(outcome) === undefined ? {} : { isError: true }) };
}

/** The budgets the server was given, as client-limits.ts reads them. */
export function givenBudget(config: ProjectionConfig): GivenBudget {
  const { budget } = config.bound;
  return { maxBytes: budget.maxBytes, maxBytesGiven: config.raw.maxBytes !== undefined, maxLines: budget.maxLines, maxLinesGiven: maxLinesChosen(config) };
}

/** The configuration with the budget its client shows whole (Gemini CLI, Codex CLI: 40,000 bytes; opencode: 1,990 lines). */
function withClientBudget(config: ProjectionConfig, client: string | undefined): ProjectionConfig {
  const budget = successBudget(config.bound.budget, givenBudget(config), client);
  return budget === config.bound.budget ? config : { ...config, bound: { ...config.bound, budget } };
}

/** What the run tool's structuredContent says besides its text (tool-answer.ts adds the text). */
interface RunFactValues {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  durationMs: number;
  /** A background job still held the output when the command exited: read this long more (RunOutcome.outputHeldMs). */
  outputHeldMs?: number;
  truncated: boolean;
  outputId?: unknown;
  outputPath?: unknown;
  nextOffset?: unknown;
  totalLines: number;
  totalBytes: number;
}

/** The run tool's facts, in the order structuredContent gives them (RUN_TOOL's outputSchema). */
function runFacts(command: string, values: RunFactValues): Record<string, unknown> {
  return {
    command: shownCommand(command), exit_code: values.exitCode, signal: values.signal, timed_out: values.timedOut, duration_ms: values.durationMs,
    ...(values.outputHeldMs === undefined ? {} : { output_held_ms: values.outputHeldMs }), truncated: values.truncated,
    ...(values.outputId !== undefined ? { output_id: values.outputId, output_path: values.outputPath } : {}),
    ...(values.nextOffset !== undefined ? { next_offset: values.nextOffset } : {}),
    total_lines: values.totalLines, total_bytes: values.totalBytes,
  };
}

/**
 * The run tool's facts at their largest (numbers of 16 digits, the longest signal name and output path), for the
 * room its structuredContent takes beside the text it repeats (tool-answer.ts).
 */
function worstRunFacts(command: string, spillDir: string | undefined): Record<string, unknown> {
  const big = Number.MAX_SAFE_INTEGER;
  return runFacts(command, {
    exitCode: big, signal: "SIGXXXXXXXXXXXXX", timedOut: false, durationMs: big, outputHeldMs: big, truncated: false,
    outputId: WORST_CASE_ID, outputPath: `${spillDir ?? ""}/${WORST_CASE_ID}`, nextOffset: big, totalLines: big, totalBytes: big,
  });
}
