// stdin and stdout at the edge: byte streaming in, writes out, and a broken pipe that ends quietly.
import { fstatSync, readSync, statSync, writeSync } from "node:fs";
import { CorrexError, IoError, UsageError } from "../errors.js";
import { EXIT, exitCodeFor } from "./exit-codes.js";
import { nodeTty } from "../lazy-builtin.js";

let stdoutClosed = false;
let stdoutStreamInUse = false;
let stderrStreamInUse = false;

/** A failed write to stdout: a closed pipe ends quietly with the status so far; any other error is exit 74. */
function stdoutFailed(error: NodeJS.ErrnoException): void {
  if (error.code === "EPIPE") {
    stdoutClosed = true;
    process.exit(process.exitCode ?? EXIT.ok);
  }
  stderrStream().write(`correx: cannot write output: ${error.message}\n`);
  process.exit(EXIT.ioError);
}

/** process.stderr, for every write correx makes there (exitWhenWritten asks whether any is still pending). */
export function stderrStream(): NodeJS.WriteStream {
  stderrStreamInUse = true;
  return process.stderr;
}

/**
 * Ends the process once a command's work is done and written (bound, run, read, ls), rather than letting Node's event
 * loop wind down: all that is left there is V8's own housekeeping, a scavenge task run at the end and the young
 * generation grown for it (~20 ms of CPU after an output of 1 or 100 MiB, on a host where a fresh page costs ~13 µs).
 * Only when no write waits in a stream (stdout's through stdoutStream, stderr's; where a pipe is asynchronous, as on
 * macOS): then the loop drains as before. The exit status is what the command set.
 */
export function exitWhenWritten(): void {
  if (stdoutStreamInUse && process.stdout.writableLength > 0) return;
  if (stderrStreamInUse && process.stderr.writableLength > 0) return;
  process.exit(process.exitCode ?? EXIT.ok);
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

/**
 * Writes text or bytes to stdout and resolves once it is handed to the OS (or the pipe closed). Plain blocking writes
 * to fd 1; the stream only when stdout is non-blocking (EAGAIN), then for good. /dev/null takes them whatever way it
 * was opened: a harness's discarded stdout (Python's `subprocess.DEVNULL`, Node's `stdio: "ignore"`) is /dev/null
 * opened read-write, as is the one Node opens in place of a stdout closed at start (`correx bound >&-`), so the two
 * cannot be told apart, and both write nothing, exit 0.
 */
export function writeStdout(data: string | Uint8Array): Promise<void> {
  if (stdoutClosed || data.length === 0) return Promise.resolve();
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
  stderrStream().write(`correx: warning: ${message}\n`);
}

let nullDevice: number | undefined;

/**
 * Whether a descriptor is a terminal. Only a character device other than /dev/null can be one: pipes, files and
 * /dev/null (the usual cases) are answered by fstat, without loading node:tty (which loads node:net and the
 * stream modules).
 */
export function isatty(fd: number): boolean {
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

/** The bytes a DescriptorReader reads into. */
export const READ_BYTES = READ_SIZE + ALIGN;

/**
 * Synchronous 1 MiB reads of a descriptor into one reused buffer (a chunk is valid only until the next read),
 * each chunk placed at its stream offset modulo 8; "end" at the end of the input, "again" when a non-blocking
 * descriptor has nothing yet.
 */
export class DescriptorReader {
  private readonly buffer: Buffer;
  /** Bytes of the stream so far (read here, or taken from elsewhere and counted with `skip`). */
  total = 0;

  /** `room`: where to read into (READ_BYTES at least), for the whole life of the reader; else a buffer of its own. */
  constructor(readonly fd: number, private readonly label: string, room?: (bytes: number) => Buffer | undefined) {
    this.buffer = room?.(READ_BYTES) ?? Buffer.allocUnsafe(READ_BYTES);
  }

  /** The next chunk, "end", or "again" (non-blocking and nothing there yet). */
  read(): Buffer | "end" | "again" {
    const at = this.total % ALIGN;
    let read: number;
    try {
      read = readSync(this.fd, this.buffer, at, READ_SIZE, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") return "again";
      if (code === "EOF") return "end";
      // `correx bound < DIR`: the usage error a directory named as a file is, not an I/O failure in errno's words
      if (code === "EISDIR") throw new UsageError(`cannot read ${this.label}: it is a directory`, { cause: error });
      throw new IoError(`cannot read ${this.label}: ${(error as Error).message}`, { cause: error });
    }
    if (read === 0) return "end";
    this.total += read;
    return this.buffer.subarray(at, at + read);
  }

  /** Where another reader of the same stream puts bytes for `adopt` (the buffer's start; free between chunks). */
  get landing(): Buffer {
    return this.buffer.subarray(0, READ_SIZE);
  }

  /** The `bytes` another reader put at the start of `landing`, as the next chunk (moved to its place modulo 8). */
  adopt(bytes: number): Buffer {
    const at = this.total % ALIGN;
    if (at !== 0) this.buffer.copyWithin(at, 0, bytes);
    this.total += bytes;
    return this.buffer.subarray(at, at + bytes);
  }
}

/** Reads a descriptor with a DescriptorReader until "end", or "again" when the descriptor is non-blocking. */
export function* readDescriptor(fd: number, label: string): Generator<Buffer, "end" | "again"> {
  const reader = new DescriptorReader(fd, label);
  for (let chunk = reader.read(); ; chunk = reader.read()) {
    if (typeof chunk === "string") return chunk;
    yield chunk;
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
    stderrStream().write(`correx: ${error.message}\n`);
    process.exitCode = exitCodeFor(error.code);
    return;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EPIPE") {
    process.exitCode = process.exitCode ?? EXIT.ok;
    return;
  }
  stderrStream().write(`correx: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 70;
}
