// `correx mcp`: an MCP server over stdio with the run, read_output and grep_output tools (SPEC §1).
import { killGroupSync } from "../run/process-group.js";
import type { RunHandle } from "../run/types.js";
import { successBudget } from "../mcp/client-limits.js";
import { answerGrepOutput, answerReadOutput, storedOutputContext } from "../mcp/stored-output-tools.js";
import { startMcpServer } from "../mcp/server.js";
import { configuredSpillDir } from "../spill/spill-dir.js";
import { SpillStore } from "../spill/store.js";
import { homedir } from "node:os";
import { parseTimerDuration, type RawOptions } from "./options.js";
import { GROUP_SIGNALS, signalExitCode } from "./interrupt.js";
import { stdoutStream } from "./io.js";
import { outputOptions, tokenCounterFor } from "./pipeline.js";
import { parseProjectionConfig } from "./projection-config.js";
import { givenBudget, runTool } from "./mcp-run.js";

declare const CORREX_VERSION: string;


/** Runs the server until the client closes the connection; running commands' groups are stopped on the way out. */
export async function runMcpServer(raw: RawOptions): Promise<void> {
  const config = parseProjectionConfig({ ...raw, for: "model", format: "text" }, { stdoutIsTTY: false, columns: undefined, env: process.env });
  const defaults = { timeoutMs: parseTimerDuration("--timeout", raw.timeout ?? "0"), killAfterMs: parseTimerDuration("--kill-after", raw.killAfter ?? "5s") };
  const options = await outputOptions(config);
  const store = new SpillStore(config.spillDir ?? configuredSpillDir(process.env, homedir(), config.configPath));
  const countTokens = await tokenCounterFor(config);
  // Pages to each client within what its results get (a page fits where the result that named it fit).
  const given = givenBudget(config);
  const stored = (client: string | undefined) => storedOutputContext(store, successBudget(config.bound.budget, given, client), countTokens);
  const running = new Set<RunHandle>();
  const log = (message: string): void => void process.stderr.write(`correx mcp: ${message}\n`);
  const killRunning = (): void => {
    for (const handle of running) if (handle.pid !== undefined) killGroupSync(handle.pid);
  };
  process.on("exit", killRunning);
  for (const signal of GROUP_SIGNALS) process.once(signal, () => process.exit(signalExitCode(signal)));
  const calls = trackCalls();
  const server = await startMcpServer({
    input: process.stdin,
    output: stdoutStream(),
    version: typeof CORREX_VERSION === "string" ? CORREX_VERSION : "0.0.0-dev",
    log,
    handlers: {
      run: (args, context) => calls.track(runTool(args, context, { config, options, defaults, running, warn: (message) => log(`warning: ${message}`) })),
      readOutput: (args, context) => answerReadOutput(args, stored(context.client)),
      grepOutput: (args, context) => answerGrepOutput(args, stored(context.client)),
    },
  });
  // The client closing stdin ends the session: calls still running are answered first (a piped script gets its
  // results); a client that will not wait sends SIGTERM, which stops their process groups. A client that is gone
  // (killed: it can read no answer) is not waited for: its end gave this process to another parent.
  const parent = process.ppid;
  const ended = new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
  });
  const gone = ended.then(() => parentGone(parent)).then(() => {
    if (calls.active() > 0) log(`the client is gone (this process's parent, pid ${parent}, ended): stopping ${calls.active()} running command(s)`);
  });
  await Promise.race([server.closed, ended.then(() => Promise.race([calls.idle(), gone]))]);
  killRunning();
  await server.close().catch(() => undefined);
  process.exit(0);
}

/** How often, once stdin has ended with calls still running, the server looks whether its client is still there. */
export const CLIENT_CHECK_MS = 250;

/**
 * Resolves once `parent` is no longer this process's parent: the process that started the server (the client, or
 * the shell of a piped script, which waits for it) ended and the server was given to another (init, a subreaper).
 * The check does not keep the process alive.
 */
function parentGone(parent: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(timer);
      resolve();
    }, CLIENT_CHECK_MS);
    timer.unref();
  });
}

/** Counts the calls in flight; `idle` resolves when none is left. */
function trackCalls(): { track<T>(call: Promise<T>): Promise<T>; idle(): Promise<void>; active(): number } {
  let active = 0;
  let waiting: (() => void) | undefined;
  return {
    active: () => active,
    async track(call) {
      active += 1;
      try {
        return await call;
      } finally {
        active -= 1;
        // Let the SDK write the answer before the process may end.
        if (active === 0) setImmediate(() => waiting?.());
      }
    },
    // Checked a turn later: a request that arrived with the end of stdin may not have reached its handler yet.
    idle: () => new Promise<void>((resolve) => setImmediate(() => (active === 0 ? resolve() : (waiting = resolve)))),
  };
}
