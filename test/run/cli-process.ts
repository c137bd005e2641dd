// Test helpers: run the BUILT binary (`node bin/correx …`) and collect its stdout, stderr and exit status.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package folder (where bin/correx is). */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BINARY = join(ROOT, "bin", "correx");

/** What a finished correx process left. */
export interface Finished {
  stdout: Buffer;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Peak resident memory of the correx process in KiB (VmHWM, last sample before it exited), Linux only. */
  peakKiB?: number;
}

/** A started correx process and the promise of how it ends. */
export interface Started {
  child: ChildProcess;
  finished: Promise<Finished>;
}

/** Fails with a clear message when the bundle is missing (the tests exercise `npm run build`'s output). */
export function assertBuilt(): void {
  if (!existsSync(join(ROOT, "dist", "cli.cjs"))) throw new Error("dist/cli.cjs is missing: run `npm run build` before these tests");
}

/** A fresh, private spill directory. */
export function spillDirectory(): string {
  return join(mkdtempSync(join(tmpdir(), "correx-run-e2e-")), "spill");
}

/** Starts `correx ARGS…`; with `sampleMemory`, polls its peak RSS while it runs. */
export function startCorrex(args: string[], options: { input?: string; sampleMemory?: boolean; env?: NodeJS.ProcessEnv } = {}): Started {
  const child = spawn(process.execPath, [BINARY, ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  if (options.input !== undefined) child.stdin!.end(options.input);
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout!.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk));
  let peakKiB: number | undefined;
  const sampler = options.sampleMemory
    ? setInterval(() => {
        peakKiB = readPeakKiB(child.pid!) ?? peakKiB;
      }, 5)
    : undefined;
  const finished = new Promise<Finished>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearInterval(sampler);
      resolve({ stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString("utf8"), code, signal, ...(peakKiB === undefined ? {} : { peakKiB }) });
    });
  });
  return { child, finished };
}

/** Runs `correx ARGS…` to the end. */
export function runCorrex(args: string[], options: { input?: string; sampleMemory?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<Finished> {
  return startCorrex(args, options).finished;
}

/** VmHWM of a live process, in KiB; undefined once it is gone. */
function readPeakKiB(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves once `path` exists (a fixture's "I am ready" file), or rejects after `timeoutMs`. */
export async function waitForFile(path: string, timeoutMs = 5000, pollMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error(`${path} did not appear within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
