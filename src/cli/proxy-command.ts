// `correx proxy -- SERVER [ARGS…]`: sits between an MCP client (our stdin/stdout) and a stdio MCP server (a child
// in its own process group); exits with the server's status and leaves no process behind.
import { spawn } from "node:child_process";
import { homedir } from "node:os";
import type { Writable, Readable } from "node:stream";
import { UsageError } from "../errors.js";
import { FrameReader } from "../mcp/frame-reader.js";
import { ProxyRouter } from "../mcp/proxy-router.js";
import { resultMaxBytes, successBudget, type GivenBudget } from "../mcp/client-limits.js";
import { answerWithinLine } from "../mcp/oversized-answer.js";
import { OVER_SERVER_LINE_BYTES } from "../mcp/oversized-request.js";
import { StreamedRequest } from "../mcp/streamed-request.js";
import { boundCallToolResult, spillWhole, type BoundResult, type ResultBoundOptions } from "../mcp/result-bound.js";
import { STREAM_FRAME_BYTES, StreamedResponse } from "../mcp/streamed-result.js";
import { answerGrepOutput, answerReadOutput, storedOutputContext, type StoredOutputContext } from "../mcp/stored-output-tools.js";
import { answerSafely, readArguments } from "../mcp/tool-answer.js";
import { GREP_OUTPUT_TOOL, READ_OUTPUT_TOOL } from "../mcp/tool-definitions.js";
import { openOutputChannel } from "../run/output-channel.js";
import { killGroupSync, signalProcessGroup } from "../run/process-group.js";
import { startWatchdog } from "../run/watchdog.js";
import { configuredSpillDir } from "../spill/spill-dir.js";
import { createId } from "../spill/ids.js";
import { SpillStore } from "../spill/store.js";
import { parseSize, parseSizeAtLeast, parseTimerDuration, type RawOptions } from "./options.js";
import { collectInPassing } from "./passing-collection.js";
import { GROUP_SIGNALS, signalExitCode } from "./interrupt.js";
import { stdoutStream } from "./io.js";
import { openSpill, tokenCounterFor } from "./pipeline.js";
import { maxLinesChosen, parseProjectionConfig } from "./projection-config.js";

const NEWLINE = Buffer.from("\n");
/** How often, once stdin has ended with requests waiting, the proxy looks whether they are answered or its client gone. */
const CLIENT_CHECK_MS = 250;

/** Runs the proxy until the server has exited, then exits with its status (128+N for a signal, 127/126 when it cannot start). */
export async function runProxy(argv: string[], raw: RawOptions): Promise<never> {
  const [command, ...args] = argv;
  if (command === undefined || command === "") throw new UsageError("missing the server to run (correx proxy [options] -- SERVER [ARGS...])");
  const config = parseProjectionConfig({ ...raw, for: "model", format: "text" }, { stdoutIsTTY: false, columns: undefined, env: process.env });
  const requestTimeoutMs = parseTimerDuration("--request-timeout", raw.requestTimeout ?? "0");
  const killAfterMs = parseTimerDuration("--kill-after", raw.killAfter ?? "5s");
  const maxMediaBytes = raw.maxMedia === undefined ? undefined : parseSize("--max-media", raw.maxMedia);
  const failureMaxBytes = raw.failureMaxBytes === undefined ? undefined : parseSizeAtLeast("--failure-max-bytes", raw.failureMaxBytes, 1);
  const countTokens = await tokenCounterFor(config);
  const bound = { ...config.bound, ...(countTokens ? { countTokens } : {}) };
  const spill = openSpill(config);
  const store = new SpillStore(config.spillDir ?? configuredSpillDir(process.env, homedir(), config.configPath));
  const log = (message: string): void => void process.stderr.write(`correx proxy: ${message}\n`);

  // The server's stdout is read into one reused buffer (run's output channel), not through Node's pipe stream: that
  // hands over a new 64 KiB Buffer a read, garbage that piled up to ~25 MiB of peak RSS on a 100 MiB result once
  // its text was unescaped without making strings (nothing else prompted a collection). Its frames are copied
  // where they are kept (FrameReader, StreamedResponse).
  let onServerBytes = (_bytes: Buffer): void => undefined;
  const channel = await openOutputChannel((bytes) => {
    onServerBytes(bytes);
    return true;
  }, undefined, { gather: false }); // each read at once: a client waits for every answer
  const server = spawn(command, args, { stdio: ["pipe", channel.peer, "inherit"], detached: true });
  channel.peer.destroy(); // the server has its own copy: its exit (and its children's) ends the channel
  const pid = server.pid;
  const killGroup = (): void => {
    if (pid !== undefined) killGroupSync(pid);
  };
  // a SIGKILL of the proxy (a client that ends its servers so, `kill -9`) runs no exit handler: a watchdog outside
  // correx's group kills the server's group then (a server that outlives its stdin, and what it started, would run on)
  if (pid !== undefined) startWatchdog(pid);
  process.on("exit", killGroup);
  const stopped = passStopSignals(pid, killAfterMs);

  const resultOptions = {
    bound, ...(spill.target ? { spill: spill.target } : {}), ...(spill.failure ? { spillFailure: spill.failure } : {}), ...(maxMediaBytes !== undefined ? { maxMediaBytes } : {}),
  };
  const given: GivenBudget = {
    maxBytes: bound.budget.maxBytes, maxBytesGiven: config.raw.maxBytes !== undefined, ...(failureMaxBytes === undefined ? {} : { failureMaxBytes }),
    maxLines: bound.budget.maxLines, maxLinesGiven: maxLinesChosen(config),
  };
  // The budget for the client the router met in `initialize`: what it shows whole (src/mcp/client-limits.ts).
  const optionsFor = (client: string | undefined): Omit<ResultBoundOptions, "readToolName"> => {
    const error = resultMaxBytes(given, client, true);
    const budget = successBudget(bound.budget, given, client);
    return { ...resultOptions, ...(budget === bound.budget ? {} : { bound: { ...bound, budget } }), ...(error === undefined ? {} : { errorMaxBytes: error }) };
  };
  // read_output and grep_output page within what a successful result to the client gets, as `correx mcp` does.
  const stored = (): StoredOutputContext => storedOutputContext(store, successBudget(bound.budget, given, router.client), countTokens);
  const report = (outcome: BoundResult): void => {
    const collected = outcome.outputId && spill.target ? collectInPassing(spill.target.store, config.store) : undefined;
    for (const warning of [...outcome.warnings, collected]) if (warning) log(`warning: ${warning}`);
  };
  const router = new ProxyRouter({
    toServer: (frame) => writeFrame(server.stdin, frame, process.stdin),
    toClient: (frame) => writeFrame(stdoutStream(), frame, channel.reader),
    boundResult: (result, frame, names, client, check) => {
      const outcome = boundCallToolResult(result, frame, { ...optionsFor(client), readToolName: names.read, ...(check ? { checkStructured: check } : {}) });
      report(outcome);
      return outcome.result;
    },
    // an answer over the SDK client's 10 MiB line, which would close its connection, is reshaped to fit
    overLine: (message, method, frame, readToolName, check) => answerWithinLine(message, method, frame, {
      bound: (result, raw, savedAs) => {
        const outcome = boundCallToolResult(result, raw, { ...optionsFor(router.client), readToolName, ...(check ? { checkStructured: check } : {}), ...(savedAs ? { savedAs } : {}) });
        report(outcome);
        return outcome;
      },
      save: (raw, textView, savedAs) => spillWhole(raw, textView, { ...optionsFor(router.client), readToolName, ...(savedAs ? { savedAs } : {}) }),
      newId: () => (spill.target ? createId() : undefined),
      readToolName,
    }),
    answerOwn: (tool, args) => {
      const definition = tool === "read" ? READ_OUTPUT_TOOL : GREP_OUTPUT_TOOL;
      return answerSafely(definition.name, () => (tool === "read" ? answerReadOutput : answerGrepOutput)(readArguments(args, definition), stored()), log);
    },
    log,
    requestTimeoutMs,
  });

  // A client frame over the server's line, which is refused, is read from there on as it arrives, keeping only what
  // answers it (streamed-request.ts): a 1 GiB tools/call is never held whole.
  const clientFrames = new FrameReader({
    onFrame: (frame) => router.fromClient(frame), streamBytes: OVER_SERVER_LINE_BYTES,
    stream: () => new StreamedRequest((summary) => router.fromClientOverLine(summary)),
  });
  process.stdin.on("data", (chunk: Buffer) => clientFrames.push(chunk));
  process.stdin.once("end", () => {
    clientFrames.end(); // a last frame without its newline is a frame too
    server.stdin?.end();
  });
  server.stdin?.on("error", () => undefined); // a server that exits early closes its stdin: its exit is what counts
  // A long response is read as it arrives (bounded as it streams, spilled), not held whole: it needs the spill.
  const route = {
    answer: router.answerStreamed.bind(router), whole: (frame: Buffer) => router.fromServer(frame), report,
    lost: (message: Record<string, unknown> | undefined, reason: string) => router.lostAnswer(message?.id, reason),
    awaitsOnlyCalls: () => router.awaitsOnlyCalls(),
  };
  const stream = () => (spill.target ? new StreamedResponse(optionsFor(router.client), route) : undefined);
  const stdoutClosed = new Promise<void>((resolve) => {
    const reader = new FrameReader({ onFrame: (frame) => router.fromServer(frame), streamBytes: STREAM_FRAME_BYTES, stream });
    onServerBytes = (bytes) => reader.push(bytes);
    channel.reader.once("close", () => {
      reader.end();
      resolve();
    });
  });
  // The client closing stdin ends the session once the server has answered what it was asked (a piped script gets
  // its results, as from the server itself; before, a call still running --kill-after later was stopped by SIGTERM),
  // unless the client is gone: its end gave the proxy to another parent.
  const parent = process.ppid;
  process.stdin.once("end", () => void noneWaiting(() => router.awaited, parent).then(() => stopAfterGrace(pid, killAfterMs)));

  let ending = "could not be started";
  const status = await new Promise<number>((resolve) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      log(`cannot start ${command}: ${error.message}`);
      resolve(error.code === "EACCES" ? 126 : 127);
    });
    server.once("exit", (code, signal) => {
      ending = signal ? `was killed by ${signal}` : `exited with status ${code ?? 1}`;
      // a server the proxy had to SIGKILL after a stop signal ends as that signal would have ended it
      const received = stopped.killed ? stopped.signal : undefined;
      resolve(received ? signalExitCode(received) : signal ? signalExitCode(signal) : (code ?? 1));
    });
  });
  killGroup(); // whatever the server left running in its group
  await Promise.race([stdoutClosed, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  if (router.waiting > 0) router.serverEnded(`the server (${command}) ${ending}`);
  // The client may keep its end open: with the server gone there is nothing left to relay.
  process.exit(status);
}

/** Writes a frame and its newline; a full pipe pauses the stream that feeds it until it drains. */
function writeFrame(target: Writable | null, frame: Buffer | string, source: Readable | null): void {
  if (!target || target.destroyed || target.writableEnded) return;
  target.write(frame);
  if (!target.write(NEWLINE) && source) {
    source.pause();
    target.once("drain", () => source.resume());
  }
}

/**
 * SIGTERM, SIGINT, SIGHUP and SIGQUIT are passed on to the server's group; a group still running `graceMs` later,
 * or at a second signal, is SIGKILLed (before, a server that ignored the signal kept the proxy running: a client or
 * a user who stopped it waited for ever, or had to kill -9 it). What it says: the signal received, whether it killed.
 */
function passStopSignals(pid: number | undefined, graceMs: number): { signal?: NodeJS.Signals; killed: boolean } {
  const stopped: { signal?: NodeJS.Signals; killed: boolean } = { killed: false };
  const kill = (): void => {
    if (pid !== undefined && signalProcessGroup(pid, "SIGKILL")) stopped.killed = true;
  };
  for (const signal of GROUP_SIGNALS) {
    process.on(signal, () => {
      if (pid === undefined) process.exit(signalExitCode(signal));
      if (stopped.signal !== undefined) return kill();
      stopped.signal = signal;
      signalProcessGroup(pid, signal);
      setTimeout(kill, graceMs).unref();
    });
  }
  return stopped;
}

/** Resolves once no request waits for the server, or the proxy's parent (the client) has ended. */
function noneWaiting(waiting: () => number, parent: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setInterval(check, CLIENT_CHECK_MS);
    timer.unref();
    check();
    function check(): void {
      if (waiting() > 0 && process.ppid === parent) return;
      clearInterval(timer);
      resolve();
    }
  });
}

/** After the client has gone, gives the server `graceMs` to exit on its own, then SIGTERM, then SIGKILL. */
function stopAfterGrace(pid: number | undefined, graceMs: number): void {
  if (pid === undefined) return;
  setTimeout(() => {
    if (signalProcessGroup(pid, "SIGTERM")) setTimeout(() => signalProcessGroup(pid, "SIGKILL"), graceMs).unref();
  }, graceMs).unref();
}
