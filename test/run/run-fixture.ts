// Test helpers: run a fixture through the runner and collect what reached the sink.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startCommand } from "../../src/run/start-command.js";
import type { OutputSink, OutputStream, RunHandle, RunOutcome, RunSpec } from "../../src/run/types.js";

/** Absolute path of a fixture in test/fixtures/bin/. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/bin/${name}`, import.meta.url));
}

/** The chunks a run delivered (copied: the runner reuses its read buffer), tagged with their stream, in arrival order. */
export interface Collected {
  chunks: { stream: OutputStream; bytes: Buffer }[];
  /** All output, merged, as bytes. */
  bytes(): Buffer;
  /** All output of one stream (or merged), as text. */
  text(stream?: OutputStream): string;
}

/** A sink that keeps everything, plus an optional hook called after each chunk. */
export function collect(onChunk?: (chunk: Buffer, stream: OutputStream) => void | Promise<void>): Collected & { sink: OutputSink } {
  const chunks: Collected["chunks"] = [];
  const pick = (stream?: OutputStream) => chunks.filter((chunk) => stream === undefined || chunk.stream === stream).map((chunk) => chunk.bytes);
  return {
    chunks,
    sink: (bytes, stream) => {
      chunks.push({ stream, bytes: Buffer.from(bytes) });
      return onChunk?.(bytes, stream);
    },
    bytes: () => Buffer.concat(pick()),
    text: (stream) => Buffer.concat(pick(stream)).toString("utf8"),
  };
}

/** Default spec fields: argv mode, no stdin, no timeout, a short grace period. */
export function spec(command: string, args: string[] = [], overrides: Partial<RunSpec> = {}): RunSpec {
  return { command, args, shell: false, stdin: "ignore", killAfterMs: 2000, ...overrides };
}

/** Runs to the end and returns the outcome with what the sink received. */
export async function runToEnd(runSpec: RunSpec): Promise<{ outcome: RunOutcome; output: Collected; handle: RunHandle }> {
  const output = collect();
  const handle = await startCommand(runSpec, output.sink);
  return { outcome: await handle.done, output, handle };
}

/** True when the process is gone: no such pid, or a zombie (dead, but this container's init never reaps it). */
export function isProcessGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return true;
    throw error;
  }
  const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
}
