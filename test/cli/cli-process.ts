// Test helper: spawn the built binary with stdin and collect stdout, stderr and the exit status.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

/** Absolute path of the launcher (the built bundle must exist: `npm run build`). */
export const CORREX = fileURLToPath(new URL("../../bin/correx", import.meta.url));

/** What a run of the binary gave back. */
export interface CliRun {
  stdout: Buffer;
  text: string;
  stderr: string;
  code: number | null;
}

/** Runs `correx ARGS` with `input` on stdin. */
export function runCli(args: string[], input: string | Buffer = "", env: NodeJS.ProcessEnv = {}): CliRun {
  const result = spawnSync(process.execPath, [CORREX, ...args], {
    input,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined, ...env },
    maxBuffer: 256 * 1024 * 1024,
  });
  return { stdout: result.stdout, text: result.stdout.toString("utf8"), stderr: result.stderr.toString("utf8"), code: result.status };
}

/**
 * A FIFO in `dir` holding `input`, as `echo hi |` gives it: its reading end (opened non-blocking; correx reopens
 * it) and, when `writer` is true, its writing end still open (else the pipe ends after `input`). Node's own stdin
 * pipes are socket pairs, which correx reads otherwise (a socket to wait on, no pass-through).
 */
export function pipeHolding(dir: string, input: string | Buffer, writer = false): { reader: number; writer?: number } {
  const fifo = path.join(fs.mkdtempSync(path.join(dir, "fifo-")), "pipe");
  if (spawnSync("mkfifo", [fifo]).status !== 0) throw new Error("mkfifo failed");
  const reader = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  const writing = fs.openSync(fifo, fs.constants.O_WRONLY);
  fs.writeSync(writing, typeof input === "string" ? Buffer.from(input) : input);
  if (writer) return { reader, writer: writing };
  fs.closeSync(writing);
  return { reader };
}
