// stdin and stdout at the edge: byte streaming in, writes out, and a broken pipe that ends quietly.
import { fstatSync, readFileSync, readSync, statSync } from "node:fs";
import { CorrexError, IoError } from "../errors.js";
import { EXIT, exitCodeFor } from "./exit-codes.js";

let stdoutClosed = false;

process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") {
    stdoutClosed = true;
    process.exit(process.exitCode ?? EXIT.ok);
  }
  process.stderr.write(`correx: cannot write output: ${error.message}\n`);
  process.exit(EXIT.ioError);
});

let startedClosed: boolean | undefined;

/**
 * True when stdout was closed when correx started (`correx bound >&-`): Node then reopens fd 1 on /dev/null
 * read-write, which no shell redirection does (`>/dev/null` opens it write-only). Linux only (/proc).
 */
function stdoutStartedClosed(): boolean {
  if (startedClosed !== undefined) return startedClosed;
  try {
    const stat = fstatSync(1);
    const flags = stat.isCharacterDevice() && stat.rdev === statSync("/dev/null").rdev ? /^flags:\s+([0-7]+)$/m.exec(readFileSync("/proc/self/fdinfo/1", "utf8")) : null;
    startedClosed = flags !== null && (parseInt(flags[1]!, 8) & 3) === 2;
  } catch {
    startedClosed = false;
  }
  return startedClosed;
}

/** Writes text or bytes to stdout and resolves once it is handed to the OS (or the pipe closed); IoError when stdout is closed. */
export function writeStdout(data: string | Uint8Array): Promise<void> {
  if (stdoutClosed || data.length === 0) return Promise.resolve();
  if (stdoutStartedClosed()) return Promise.reject(new IoError("cannot write output: standard output is closed"));
  return new Promise((resolve) => {
    process.stdout.write(data, () => resolve());
  });
}

/** Writes one line of diagnostics (a warning) to stderr. */
export function warn(message: string): void {
  process.stderr.write(`correx: warning: ${message}\n`);
}

/** True when stdout is a terminal: decides the default projection. */
export function stdoutIsTTY(): boolean {
  return process.stdout.isTTY === true;
}

const READ_SIZE = 1024 * 1024;

/**
 * Reads a descriptor synchronously in 1 MiB reads into one reused buffer (a chunk is valid only until the next
 * one is asked for); ends with "end" at the end of the input, or "again" when the descriptor is non-blocking.
 */
export function* readDescriptor(fd: number, label: string): Generator<Buffer, "end" | "again"> {
  const buffer = Buffer.allocUnsafe(READ_SIZE);
  for (;;) {
    let read: number;
    try {
      read = readSync(fd, buffer, 0, READ_SIZE, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") return "again";
      if (code === "EOF") return "end";
      throw new IoError(`cannot read ${label}: ${(error as Error).message}`, { cause: error });
    }
    if (read === 0) return "end";
    yield buffer.subarray(0, read);
  }
}

/**
 * The stdin stream as bytes, chunk by chunk: synchronous 1 MiB reads of fd 0 (several times faster than
 * process.stdin's 64 KiB stream for files and pipes), the stream only when fd 0 is non-blocking.
 */
export async function* readStdin(): AsyncGenerator<Buffer> {
  if ((yield* readDescriptor(0, "standard input")) === "end") return;
  try {
    for await (const chunk of process.stdin) yield chunk as Buffer;
  } catch (error) {
    throw new IoError(`cannot read standard input: ${(error as Error).message}`, { cause: error });
  }
}

/** Reports an error on stderr and sets the exit status from its code; unknown errors are bugs (exit 70). */
export function reportError(error: unknown): void {
  if (error instanceof CorrexError) {
    process.stderr.write(`correx: ${error.message}\n`);
    process.exitCode = exitCodeFor(error.code);
    return;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EPIPE") {
    process.exitCode = process.exitCode ?? EXIT.ok;
    return;
  }
  process.stderr.write(`correx: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 70;
}
