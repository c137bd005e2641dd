// stdin and stdout at the edge: byte streaming in, writes out, and a broken pipe that ends quietly.
import { fstatSync, readFileSync, readSync, statSync, writeSync } from "node:fs";
import { CorrexError, IoError } from "../errors.js";
import { EXIT, exitCodeFor } from "./exit-codes.js";
import { nodeTty } from "../lazy-builtin.js";

let stdoutClosed = false;
let stdoutStreamInUse = false;

/** A failed write to stdout: a closed pipe ends quietly with the status so far; any other error is exit 74. */
function stdoutFailed(error: NodeJS.ErrnoException): void {
  if (error.code === "EPIPE") {
    stdoutClosed = true;
    process.exit(process.exitCode ?? EXIT.ok);
  }
  process.stderr.write(`correx: cannot write output: ${error.message}\n`);
  process.exit(EXIT.ioError);
}

/**
 * process.stdout, with the broken-pipe handling of every write: for the commands that stream to it (mcp, proxy)
 * and for writeStdout on a non-blocking stdout. Made on first use: the stream costs start-up time.
 */
export function stdoutStream(): NodeJS.WriteStream {
  if (!stdoutStreamInUse) {
    stdoutStreamInUse = true;
    process.stdout.on("error", stdoutFailed);
  }
  return process.stdout;
}

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

/**
 * Writes text or bytes to stdout and resolves once it is handed to the OS (or the pipe closed); IoError when stdout
 * is closed. Plain blocking writes to fd 1; the stream only when stdout is non-blocking (EAGAIN), then for good.
 */
export function writeStdout(data: string | Uint8Array): Promise<void> {
  if (stdoutClosed || data.length === 0) return Promise.resolve();
  if (stdoutStartedClosed()) return Promise.reject(new IoError("cannot write output: standard output is closed"));
  let rest = data;
  if (!stdoutStreamInUse) {
    const bytes = typeof data === "string" ? Buffer.from(data) : data;
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(1, bytes, written, bytes.length - written);
      return Promise.resolve();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") {
        stdoutFailed(error as NodeJS.ErrnoException);
        return Promise.resolve();
      }
      rest = bytes.subarray(written);
    }
  }
  return new Promise((resolve) => {
    stdoutStream().write(rest, () => resolve());
  });
}

/** Writes one line of diagnostics (a warning) to stderr. */
export function warn(message: string): void {
  process.stderr.write(`correx: warning: ${message}\n`);
}

let nullDevice: number | undefined;

/**
 * Whether a descriptor is a terminal. Only a character device other than /dev/null can be one: pipes, files and
 * /dev/null (the usual cases) are answered by fstat, without loading node:tty (which loads node:net and the
 * stream modules).
 */
function isatty(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    if (!stat.isCharacterDevice()) return false;
    nullDevice ??= statSync("/dev/null").rdev;
    if (stat.rdev === nullDevice) return false;
  } catch {
    return false;
  }
  return nodeTty().isatty(fd);
}

/** True when stdout is a terminal: decides the default projection. */
export function stdoutIsTTY(): boolean {
  return isatty(1);
}

/** True when stderr is a terminal (where `run` draws its live status line). */
export function stderrIsTTY(): boolean {
  return isatty(2);
}

/** True when stdin is a terminal (a person may not know correx waits for input). */
export function stdinIsTTY(): boolean {
  return isatty(0);
}

/** The terminal's width when stdout is one (asked without making the stdout stream otherwise). */
export function stdoutColumns(): number | undefined {
  return isatty(1) ? process.stdout.columns : undefined;
}

const READ_SIZE = 1024 * 1024;

/** Chunks start at their stream offset modulo this in the read buffer (see spill-ring.ts ringStart: fast copies). */
const ALIGN = 8;

/**
 * Reads a descriptor synchronously in 1 MiB reads into one reused buffer (a chunk is valid only until the next
 * one is asked for); ends with "end" at the end of the input, or "again" when the descriptor is non-blocking.
 */
export function* readDescriptor(fd: number, label: string): Generator<Buffer, "end" | "again"> {
  const buffer = Buffer.allocUnsafe(READ_SIZE + ALIGN);
  for (let total = 0; ; ) {
    let read: number;
    const at = total % ALIGN;
    try {
      read = readSync(fd, buffer, at, READ_SIZE, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") return "again";
      if (code === "EOF") return "end";
      throw new IoError(`cannot read ${label}: ${(error as Error).message}`, { cause: error });
    }
    if (read === 0) return "end";
    total += read;
    yield buffer.subarray(at, at + read);
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
