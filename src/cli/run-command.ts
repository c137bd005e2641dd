// `correx run -- CMD [ARGS…]`: runs a command, streams its output through the bounder and the spill while it
// runs, then writes the projection of the result and exits with the command's status (SPEC §7).
import { offWhileStreamingUntilTheEnd } from "../bound/one-off.js";
import { BoundSession, type SpillTarget } from "../bound/session.js";
import type { BoundText } from "../bound/types.js";
import { BudgetTooSmallError, UsageError } from "../errors.js";
import { boundMeta, worstCaseMeta } from "../project/model.js";
import { alsoAsJsonField, planReservation, renderOutput, writtenRenderer, type JsonField, type Output, type OutputOptions } from "../project/output.js";
import { shapeCommandOutput } from "../run/command-output.js";
import { startLiveStatus, type LiveStatus } from "../run/live-status.js";
import { killGroupSync } from "../run/process-group.js";
import { classifyRun, describeRunResult, exitCodeForRun, formatCommandLine, worstCaseOutcomes, type RunFacts } from "../run/run-result.js";
import { trackRunStats, type RunStatsTracker } from "../run/run-stats.js";
import { SmallOutputSize } from "../run/small-output.js";
import { startCommand } from "../run/start-command.js";
import type { OutputSink, OutputStream, ReadRoom, RunHandle, RunOutcome, RunSpec } from "../run/types.js";
import type { SpillSinkOptions } from "../spill/spill-sink.js";
import { spillWorkerFor } from "../spill/spill-sink-options.js";
import { NO_OUTPUT } from "../tools/bash.js";
import { formatToolFrame } from "../tools/index.js";
import { describeProcessEnd } from "../tools/process-end.js";
import { GROUP_SIGNALS } from "./interrupt.js";
import { stderrIsTTY, stderrStream, stdoutColumns, stdoutIsTTY, warn, writeStdout } from "./io.js";
import { parseChoice, parseSizeAtLeast, parseTimerDuration, type RawOptions } from "./options.js";
import { boundOptionsFor, collectAfterSpill, openSpill, outputOptions, tokenCounterFor } from "./pipeline.js";
import { describeStderr, finishStderr, shareOf, STDERR_HEADING, stderrBudget } from "./run-stderr.js";
import { parseProjectionConfig, type ProjectionConfig } from "./projection-config.js";
import { keepRunHeapSmall, runHeapFlags, type RunHeap } from "./run-heap.js";

/** The run flags, validated: what to start, and whether stderr stays apart. */
interface RunConfig {
  spec: RunSpec;
  stderr: "merged" | "separate";
  /** `--failure-max-bytes`: the byte budget of a command that fails, when smaller than `--max-bytes`. */
  failureMaxBytes?: number;
}

/**
 * How `run` saves a spill: run's thread writes the whole file through libuv's thread pool (within the store's default
 * cap it hashes and indexes it too, without the worker: spill-sink-options.ts savingWithin); past the cap the spill
 * worker (started past 8 MiB) follows it at nice 10, hashing and indexing it read back: it takes the CPU run's thread
 * leaves and catches up while the last step is made. Through a 1 MiB ring, run's thread waited for a worker that
 * fell behind (its start, the bytes written before it, a core shared with V8's compiles): 13-200 ms per 100 MiB,
 * and 32-53 ms at the end (bench/README.md, "The spill's cost in run").
 */
export const RUN_SPILL: SpillSinkOptions = { pooledWrites: true, followFromBytes: 0, ...(process.platform === "linux" ? { workerNice: 10 } : {}) };
/**
 * The spill worker's young generation: two 1 MiB semi-spaces, as `--optimize-for-size` made it when it was set before
 * the worker started (run-heap.ts); left to grow, it doubles while the worker starts (+2 MiB of peak RSS at 1 GiB).
 */
const RUN_WORKER_LIMITS = { maxYoungGenerationSizeMb: 3 };
/** A spill kept off worker threads (the MCP server's runs): hashed on the calling thread, written on libuv's thread pool. */
const POOLED_SPILL: SpillSinkOptions = { thread: false, pooledWrites: true };

/** The bounding sessions of one run: the output (merged, or stdout alone) and, kept apart, stderr with stdout's size. */
export interface RunSessions {
  output: BoundSession;
  stderr?: BoundSession;
  /** With stderr apart: stdout's size while it is small (the room it leaves is stderr's). */
  stdoutSize?: SmallOutputSize;
  spill?: SpillTarget;
}

/** Runs `correx run`; returns the exit status (the command's own, 124, 128+N, 126 or 127). */
export async function runCommandCli(argv: string[], raw: RawOptions): Promise<number> {
  const config = parseProjectionConfig(raw, { stdoutIsTTY: stdoutIsTTY(), columns: stdoutColumns(), env: process.env });
  for (const warning of config.warnings) warn(warning);
  const run = parseRunConfig(argv, config.raw);
  const facts: RunFacts = {
    command: formatCommandLine(run.spec.command, run.spec.args, run.spec.shell),
    tool: config.tool ?? "bash",
    ...(run.spec.timeoutMs ? { timeoutMs: run.spec.timeoutMs } : {}),
  };
  const options = await outputOptions(config);
  // The exact token counter (o200k), when asked for, loads before the command starts: its load may warn.
  await tokenCounterFor(config);
  // Past the default cap, the spill's hash on the spill worker (the second core). A worker costs ~10 MiB however
  // small, and the goal is 80 MiB of peak RSS: no ring and a small heap.
  const heap = keepRunHeapSmall(runHeapFlags(spillWorkerFor(config.maxOutputBytes), config.spillDir !== undefined));
  // This process bounds one output and exits: TurboFan off from the first region scored to the end (one-off.ts).
  if (!spillWorkerFor(config.maxOutputBytes)) offWhileStreamingUntilTheEnd();
  // The sessions are set up once the command is started (`opened`, right after the spawn, before any of its output
  // is read): its own start (exec, the dynamic loader) takes milliseconds, in which they are made. Should a chunk
  // come first, the readers pause until they are.
  let sessions: RunSessions | undefined;
  let opening: Promise<RunSessions> | undefined;
  const open = (): Promise<RunSessions> => {
    if (opening) return opening;
    opening = openSessions(config, options, facts, run.stderr, runSpill(heap));
    opening.then((opened) => (sessions = opened), () => undefined);
    return opening;
  };
  const sessionOf = (to: RunSessions, stream: OutputStream): BoundSession => (stream === "stderr" && to.stderr ? to.stderr : to.output);
  const deliver = (to: RunSessions, chunk: Buffer, stream: OutputStream): void => {
    if (stream === "stdout") to.stdoutSize?.observe(chunk);
    sessionOf(to, stream).write(chunk);
  };
  // Reads go straight into the spill's next block where it has one: the chunk is then saved without a copy.
  const room = (stream: OutputStream, least: number): Buffer | undefined => (sessions === undefined ? undefined : sessionOf(sessions, stream).readRoom(least));
  // The totals only feed the live status line: without a terminal to draw it on, nothing counts them.
  const stats = stderrIsTTY() ? trackRunStats() : undefined;
  const outcome = await runWatched(run.spec, stats, (chunk, stream) => {
    heap.wrote(chunk.length);
    stats?.observe(chunk);
    if (sessions === undefined) return open().then((opened) => deliver(opened, chunk, stream));
    deliver(sessions, chunk, stream);
  }, open, room);
  sessions ??= await open();
  if (outcome.spawnError) {
    stderrStream().write(`correx: ${outcome.spawnError.message}\n`);
    sessions.output.write(Buffer.from(`${outcome.spawnError.message}\n`));
  }
  // The last step is made while the spill worker finishes the file, as `bound` makes it (only the record waits for
  // its hash): the worker's memory and that step's add up, which the step leaves room for (no copy of the tail ring).
  // A worker still starting is stopped first: V8's flags for the last step would make its start compile from source.
  sessions.output.endInput();
  sessions.stderr?.endInput();
  heap.inputEnded();
  const { output, bounded } = await projectRun(config, options, facts, outcome, sessions, undefined, run.failureMaxBytes);
  for (const warning of [...output.warnings, collectAfterSpill(config, sessions.spill, bounded)]) if (warning) warn(warning);
  await writeStdout(output.text);
  return exitCodeForRun(outcome);
}

/** How `run` saves a spill (RUN_SPILL): within the store's default cap on run's thread (savingWithin), past it on the spill worker, within run's memory. */
function runSpill(heap: Pick<RunHeap, "workerTookSpill">): SpillSinkOptions {
  return { ...RUN_SPILL, workerLimits: RUN_WORKER_LIMITS, workerTookSpill: heap.workerTookSpill };
}

/**
 * Opens the spill store and the sessions, leaving room for the longest ending the frame may have to say. By default
 * (the MCP server: many runs in one long-lived process) the spill stays on this thread, its writes on the thread pool.
 */
export async function openSessions(config: ProjectionConfig, options: OutputOptions, facts: RunFacts, stderr: RunConfig["stderr"], saving: SpillSinkOptions = POOLED_SPILL): Promise<RunSessions> {
  const spill = openSpill(config, saving);
  const endings = worstCaseOutcomes().map((outcome) => describeRunResult(outcome, facts, keepsDataApart(config)));
  const longest = endings.reduce((a, b) => (JSON.stringify(b).length > JSON.stringify(a).length ? b : a));
  const output = new BoundSession(await boundOptionsFor(config, options, longest, reservedFrame(longest, facts.tool, "")), spill.target, spill.failure);
  if (stderr === "merged") return { output, spill: spill.target };
  // stderr kept apart saves on this thread: two spill workers at once would not fit `run`'s memory
  const apart = saving === POOLED_SPILL ? spill : openSpill(config, POOLED_SPILL);
  return { output, spill: spill.target, stderr: new BoundSession({ ...config.bound, budget: shareOf(config) }, apart.target, apart.failure), stdoutSize: new SmallOutputSize() };
}

/**
 * The written result: the bounded output in the bash format (or the payload), with how the command ended.
 * A failure's preview gives the head half its usual share: the error is usually at the end. `inField`: the text is
 * also written as a string field of a JSON object (the MCP run tool's structuredContent), checked on that too.
 * `failureMaxBytes`: the byte budget instead of `--max-bytes` when the command failed (`--failure-max-bytes`).
 */
export async function projectRun(config: ProjectionConfig, options: OutputOptions, facts: RunFacts, outcome: RunOutcome, sessions: RunSessions, inField?: JsonField, failureMaxBytes?: number): Promise<{ output: Output; bounded: BoundText }> {
  const failed = classifyRun(outcome) !== undefined;
  if (failed && failureMaxBytes !== undefined && failureMaxBytes < config.bound.budget.maxBytes) {
    config = { ...config, bound: { ...config.bound, budget: { ...config.bound.budget, maxBytes: failureMaxBytes } } };
  }
  const base = describeRunResult(outcome, facts, keepsDataApart(config));
  // A run correx stopped on a signal (forwarded to the group) is recorded as `bound` records an input cut short.
  // A command that died of a signal of its own (a crash, a kill from elsewhere) has it recorded beside its null exit code.
  const interrupted = outcome.interrupted === undefined ? (outcome.signal ? { signal: outcome.signal } : {}) : { interrupted: outcome.interrupted };
  const held = outcome.outputHeldMs === undefined ? {} : { output_held_ms: outcome.outputHeldMs };
  const fields = { command: facts.command, tool: facts.tool, exit_code: base.meta?.exit_code ?? null, source_shape: "text" as const, ...interrupted, ...held };
  let stderrSection = "";
  if (sessions.stderr) {
    // The frame as it will be written, stderr's meta at its largest; stderr measured as the output is (escaped, in
    // JSON), so that the room it is given holds it as written.
    const withStderr = { ...base, meta: { ...base.meta, stderr: { text: "", ...worstCaseMeta({ ok: true }, config.spillDir) } } };
    const frame = planReservation(withStderr, reservedFrame(base, facts.tool, STDERR_HEADING), options, config.spillDir);
    const budget = stderrBudget(config, sessions.stdoutSize?.size(), { bytes: frame.reservedBytes ?? 0, lines: frame.reservedLines ?? 0 });
    const stderr = finishStderr(sessions.stderr, fields, { budget, ...(frame.measure ? { measure: frame.measure } : {}) }, config);
    base.meta = { ...base.meta, stderr: { text: stderr.text, ...boundMeta(stderr) } };
    if (!keepsDataApart(config)) stderrSection = describeStderr(stderr.text);
  }
  const frame = formatToolFrame(base, { tool: facts.tool });
  frame.footer = `${stderrSection}${frame.footer}`;
  const tailLeaning = failed ? { headRatio: config.bound.headRatio / 2 } : {};
  const shape = keepsDataApart(config) ? undefined : shapeCommandOutput;
  const render = writtenRenderer(base, frame, options, shape);
  const plan = { ...planReservation(base, reservedFrame(base, facts.tool, stderrSection), options, config.spillDir), render };
  const late = { ...(inField ? alsoAsJsonField(plan, inField) : plan), ...tailLeaning, budget: config.bound.budget };
  let bounded: BoundText;
  try {
    // the command ran: a refusal keeps its output saved and says how it ended
    bounded = sessions.output.finish(fields, late, true);
  } catch (error) {
    const ending = describeProcessEnd(base.meta);
    if (error instanceof BudgetTooSmallError) throw error.saying(`; the command ran${ending ? ` (${ending.replace(/\.$/, "")})` : ""}`);
    throw error;
  }
  return { output: renderOutput(base, shape ? shape(bounded) : bounded, frame, options), bounded };
}

/**
 * Runs the command with correx's signals forwarded to its group, the group killed if correx exits while it
 * runs, and the live status line on stderr when there are totals to show (stderr is a terminal). The signal listeners are in place
 * before the command starts: a fast command may already be running while its start-up code still runs. `started` is
 * called once it is spawned (or failed to), before any of its output is read.
 */
async function runWatched(spec: RunSpec, stats: RunStatsTracker | undefined, write: OutputSink, started: () => unknown, room: ReadRoom): Promise<RunOutcome> {
  let handle: RunHandle | undefined;
  let early: NodeJS.Signals | undefined;
  const forward = (signal: NodeJS.Signals): void => {
    if (handle) handle.interrupt(signal);
    else early ??= signal;
  };
  const killGroup = (): void => {
    if (handle?.pid !== undefined) killGroupSync(handle.pid);
  };
  let status: LiveStatus | undefined;
  for (const signal of GROUP_SIGNALS) process.on(signal, forward);
  try {
    handle = await startCommand(spec, write, room);
    process.on("exit", killGroup);
    started();
    if (early !== undefined) handle.interrupt(early);
    if (stats && handle.pid !== undefined) {
      status = startLiveStatus({ write: (text) => stderrStream().write(text), columns: () => stderrStream().columns || 80, snapshot: () => stats.snapshot() });
    }
    return await handle.done;
  } finally {
    status?.stop();
    process.off("exit", killGroup);
    for (const signal of GROUP_SIGNALS) process.off(signal, forward);
  }
}

/** Validates the run flags before anything starts (a bad value is a usage error, exit 2). */
function parseRunConfig(argv: string[], raw: RawOptions): RunConfig {
  const [command, ...args] = argv;
  if (command === undefined || command === "") throw new UsageError("missing the command to run (correx run [options] -- CMD [ARGS...])");
  const timeoutMs = raw.timeout === undefined ? 0 : parseTimerDuration("--timeout", raw.timeout);
  const env = Array.isArray(raw.env) && raw.env.length > 0 ? parseEnv(raw.env as string[]) : undefined;
  const spec: RunSpec = {
    command,
    args,
    shell: raw.shell === true,
    stdin: raw.stdin === true ? "inherit" : "ignore",
    ...(raw.watchdog === true ? { watchdog: true } : {}),
    killAfterMs: parseTimerDuration("--kill-after", raw.killAfter ?? "5s"),
    drainMs: parseTimerDuration("--drain", raw.drain ?? "2s"),
    ...(timeoutMs > 0 ? { timeoutMs } : {}),
    ...(typeof raw.cwd === "string" ? { cwd: raw.cwd } : {}),
    ...(env ? { env } : {}),
  };
  const stderr = parseChoice("--stderr", raw.stderr ?? "merged", ["merged", "separate"] as const);
  const failureMaxBytes = raw.failureMaxBytes === undefined ? undefined : parseSizeAtLeast("--failure-max-bytes", raw.failureMaxBytes, 1);
  return { spec: { ...spec, stderr }, stderr, ...(failureMaxBytes === undefined ? {} : { failureMaxBytes }) };
}

/** `--env NAME=VALUE`, repeated: later values win. */
function parseEnv(pairs: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const match = /^([^=\0]+)=([^\0]*)$/s.exec(pair);
    if (!match) throw new UsageError(`invalid value for --env: '${pair}' (accepts NAME=VALUE)`);
    env[match[1]!] = match[2]!;
  }
  return env;
}

/** True for the unified JSON payload, where the output stays in `data` and the frame is not written. */
function keepsDataApart(config: ProjectionConfig): boolean {
  return config.format === "json" && config.to === undefined;
}

/** The frame the bounder leaves room for: the real one, plus `(no output)`, which may replace an empty body. */
function reservedFrame(result: Parameters<typeof formatToolFrame>[0], tool: string, stderrSection: string) {
  const frame = formatToolFrame(result, { tool });
  return { header: frame.header, footer: `${NO_OUTPUT}${stderrSection}${frame.footer}` };
}
