// Reading a bounding command's input so that a stop signal can end it. A signal's handler runs only when the event
// loop turns, and a blocking read never lets it (libuv restarts the read). So a pipe or a terminal is read through
// a non-blocking description of its own (/proc/self/fd/N opened O_NONBLOCK; the shared one is left as it was):
// synchronous 1 MiB reads while bytes are there, as fast as before, and only when a read would block a wait in the
// event loop, where the signal can end it. The wait is a libuv read into the same buffer (net.Socket's `onread`):
// no stream, no allocation, and it stops reading as soon as it got bytes. A file never blocks; the event loop is
// turned every few MiB all the same, so that a signal is seen before a big input is read to its end.
import { closeSync, constants, fstatSync, openSync, type Stats } from "node:fs";
import type { Socket, SocketConstructorOpts } from "node:net";
import { IoError } from "../errors.js";
import { nodeNet, nodeTty } from "../lazy-builtin.js";
import type { StopWatch } from "./interrupt.js";
import { newlineCountRoom } from "../text/newline-count.js";
import { DescriptorReader, isatty, READ_BYTES } from "./io.js";

/** Bytes read without a wait between two turns of the event loop (where a signal's handler runs). */
const TURN_BYTES = 8 * 1024 * 1024;

/** A wait that gives less than this leaves the pipe empty: the next read waits without trying a fast read first. */
const TRICKLE_BYTES = 4096;

/** Where the bytes of one input come from: fast reads, and what to wait on when they would block. */
interface Source {
  reader: DescriptorReader;
  /** The wait for the next bytes, made on the first read that would block (undefined: nothing to wait on). */
  waiter(stop: StopWatch): WaitedRead | undefined;
  /** Lets go of what was opened to read (never closing the descriptor the input was given on). */
  close(): void;
}

/**
 * Reads descriptor `fd` to its end, or until `stop` has a signal: then the input ends there (`stop.cut()` notes
 * it) and nothing more is read. A chunk is valid until the next one is asked for.
 */
export async function* readInterruptibly(fd: number, label: string, stop: StopWatch): AsyncGenerator<Buffer> {
  const source = openSource(fd, label);
  let waiting: WaitedRead | undefined;
  try {
    for (let sinceTurn = 0, trickle = false; ; ) {
      if (stop.signal !== undefined) return stop.cut();
      // Bytes a wait got when no one waited come before anything a fast read would get now.
      let chunk: Buffer | "end" | "again" = waiting?.takeEarly() ?? (trickle ? "again" : source.reader.read());
      trickle = false;
      if (chunk === "again") {
        waiting ??= source.waiter(stop);
        if (!waiting) throw new IoError(`cannot read ${label}: it is non-blocking and cannot be waited on`);
        const waited = await waiting.next();
        if (waited === "stopped") continue;
        chunk = waited;
        // A trickle (a wait gave less than a pipe's page): the next read would find nothing; wait at once.
        trickle = typeof chunk !== "string" && chunk.length < TRICKLE_BYTES;
        sinceTurn = 0;
      }
      if (chunk === "end") return;
      stop.bytesRead += chunk.length;
      yield chunk;
      if ((sinceTurn += chunk.length) >= TURN_BYTES) {
        sinceTurn = 0;
        await new Promise(setImmediate); // where a signal's handler runs while the bytes keep coming
      }
    }
  } finally {
    waiting?.close();
    source.close();
  }
}

/** The fast reads of `fd`, and what to wait on when they would block (nothing for a file, which never does). */
function openSource(fd: number, label: string): Source {
  let stat: Stats;
  try {
    stat = fstatSync(fd);
  } catch (error) {
    throw new IoError(`cannot read ${label}: ${(error as Error).message}`, { cause: error });
  }
  // A file past one read is read into the newline counter's room: the spill's line index counts it there, not copied.
  const plain: Source = { reader: new DescriptorReader(fd, label, stat.isFile() && stat.size > READ_BYTES ? newlineCountRoom : undefined), waiter: () => undefined, close: () => undefined };
  if (stat.isFile()) return plain;
  const terminal = isatty(fd);
  const own = stat.isFIFO() || terminal ? reopenNonBlocking(fd) : undefined;
  if (own !== undefined) {
    const reader = new DescriptorReader(own, label);
    let made = false;
    const waiter = (stop: StopWatch): WaitedRead => {
      made = true; // the socket owns the descriptor from now on, and closes it
      return new WaitedRead(streamOn(own, terminal), reader, stop, label, true);
    };
    return { reader, waiter, close: () => made || closeSync(own) };
  }
  if (fd === 0 && (stat.isFIFO() || terminal)) {
    // No description of its own (no /proc): blocking reads, as before; a read would block only when fd 0 was
    // non-blocking already, and then the wait is a stream on fd 0 itself, as process.stdin's was.
    let waited: WaitedRead | undefined;
    const waiter = (stop: StopWatch): WaitedRead => (waited ??= new WaitedRead(streamOn(0, terminal), plain.reader, stop, label, false));
    return { ...plain, waiter, close: () => waited?.close() };
  }
  if (fd !== 0 || !stat.isSocket()) return plain;
  // A socket has no description of its own (/proc refuses it): a socket on fd 0 makes it non-blocking (Node
  // restores it at exit), made before the first read so that the fast reads never block.
  const waited = new WaitedRead(streamOn(0, false), plain.reader, undefined, label, false);
  return { ...plain, waiter: (stop) => waited.watching(stop), close: () => waited.close() };
}

/** A non-blocking description of the same pipe or terminal as `fd`, or undefined where /proc cannot give one. */
function reopenNonBlocking(fd: number): number | undefined {
  try {
    return openSync(`/proc/self/fd/${fd}`, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch {
    return undefined;
  }
}

/** Makes the stream a wait reads `fd` with: a tty.ReadStream for a terminal, else a net.Socket (a pipe). */
function streamOn(fd: number, terminal: boolean): (onread: OnRead) => Socket {
  return (onread) => (terminal ? new (nodeTty().ReadStream)(fd, readingInto(onread)) : new (nodeNet().Socket)({ fd, ...readingInto(onread) }));
}

/** net.Socket's `onread`: libuv reads into `buffer`, and `callback` gets the count (false stops reading). */
interface OnRead {
  buffer: Uint8Array;
  callback: (bytes: number, buffer: Uint8Array) => boolean;
}

/**
 * Options of a socket that only reads, into `onread` (Node takes it since v15; @types/node lists it for connect
 * only), and only once asked to (`manualStart`, as process.stdin: else it starts reading when it is made).
 */
function readingInto(onread: OnRead): SocketConstructorOpts {
  return { readable: true, writable: false, manualStart: true, onread } as SocketConstructorOpts;
}

/** Waits in the event loop for the next bytes of a descriptor, read by libuv into the reader's own buffer. */
class WaitedRead {
  private readonly socket: Socket;
  private settle: ((result: Buffer | "end" | "stopped") => void) | undefined;
  /** Bytes read when no one waited (never expected: kept, in order, rather than lost). */
  private early: Buffer | undefined;
  private ended = false;
  private failure: Error | undefined;

  constructor(make: (onread: OnRead) => Socket, private readonly reader: DescriptorReader, private stop: StopWatch | undefined, private readonly label: string, private readonly owned: boolean) {
    const onread: OnRead = {
      buffer: reader.landing,
      callback: (bytes) => {
        this.finish(reader.adopt(bytes));
        return false; // one read per wait: then the fast reads go on
      },
    };
    this.socket = make(onread);
    this.socket.on("end", () => {
      this.ended = true;
      this.finish("end");
    });
    this.socket.on("error", (error: Error) => {
      this.failure = error;
      this.finish("end");
    });
  }

  /** This wait, answering `stop`. */
  watching(stop: StopWatch): this {
    this.stop = stop;
    return this;
  }

  /** Bytes read while no one waited, once; they come before any fast read. */
  takeEarly(): Buffer | undefined {
    const early = this.early;
    this.early = undefined;
    return early;
  }

  /** The next bytes, "end", or "stopped" when the stop signal comes first. */
  async next(): Promise<Buffer | "end" | "stopped"> {
    const result = this.ended || this.failure ? "end" : await new Promise<Buffer | "end" | "stopped">((resolve) => {
      this.settle = resolve;
      this.stop?.onStop(() => this.finish("stopped"));
      this.socket.resume();
    });
    if (this.failure) throw new IoError(`cannot read ${this.label}: ${this.failure.message}`, { cause: this.failure });
    return result;
  }

  /** Stops reading; closes the descriptor when it is one correx opened. */
  close(): void {
    if (this.owned) this.socket.destroy();
    else this.socket.pause();
  }

  private finish(result: Buffer | "end" | "stopped"): void {
    const settle = this.settle;
    if (!settle && typeof result !== "string") this.early = result;
    this.settle = undefined;
    this.stop?.onStop(undefined);
    if (result === "stopped") this.socket.pause(); // nothing more is read once stopped
    settle?.(result);
  }
}
