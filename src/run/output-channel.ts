// One way for a command's output to reach correx: a connected pair of local stream sockets. The command gets one
// end as its stdout (and stderr, merged); correx reads the other into a single reused buffer (net's `onread`),
// so a GiB of output costs no garbage — Node's own child pipes hand over a new 64 KiB Buffer per read — or into
// room the sink lends (the spill's next block), so that the bytes it saves are not copied there again.
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unlinkSync } from "node:fs";
import { createServer, connect, type Socket } from "node:net";
import { gatherReads, type GatheredReads } from "./read-gather.js";

/** The two ends: `peer` goes to the command (then is closed here), `reader` delivers what it writes. */
export interface OutputChannel {
  peer: Socket;
  reader: Socket;
}

/** Bytes read at most per call (the buffer is allocated once per channel). */
const READ_BYTES = 256 * 1024;

/**
 * Opens a channel whose reader calls `onData` with what it read (a view of the reused buffer, valid until the
 * function returns, or while the reader is paused); returning false pauses the reader (resume() to go on). Small
 * reads are gathered first (read-gather.ts), into `room` when it gives some (the sink's own, no copy), else into the
 * reused buffer; what is gathered when the reader closes is delivered then. `gather: false` delivers each read as
 * it comes (no nap, no wait for more): for the proxy, whose client waits for each answer.
 * Linux uses an abstract socket name (no file); elsewhere a socket file in the temporary directory, removed
 * as soon as the pair is connected.
 */
export async function openOutputChannel(onData: (bytes: Buffer) => boolean, room?: (least: number) => Buffer | undefined, options: { gather?: boolean } = {}): Promise<OutputChannel> {
  const name = `correx-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const abstract = process.platform === "linux";
  const path = abstract ? `\0${name}` : join(tmpdir(), `${name}.sock`);
  const server = createServer();
  try {
    server.listen(path);
    await once(server, "listening");
    const accepted = once(server, "connection") as Promise<[Socket]>;
    const gathered = options.gather === false ? eachRead(Buffer.allocUnsafe(READ_BYTES), onData) : gatherReads(Buffer.allocUnsafe(READ_BYTES), onData, () => reader.pause(), undefined, room);
    const reader = connect({ path, onread: { buffer: gathered.next, callback: gathered.read } });
    reader.once("close", gathered.flush);
    try {
      const [peer] = await new Promise<[Socket]>((resolve, reject) => {
        reader.once("error", reject);
        accepted.then((value) => {
          reader.off("error", reject);
          resolve(value);
        }, reject);
      });
      // Past the connection, a read error (the command's end reset) just ends the output.
      reader.on("error", () => reader.destroy());
      // The command's end is for writing, as a pipe's would be: correx writes nothing into it, so a read there (vi,
      // which reads its keys from stderr when stdin is no terminal) gets end-of-file, not a wait for ever.
      reader.end();
      return { peer, reader };
    } catch (error) {
      reader.destroy();
      throw error;
    }
  } finally {
    server.close();
    if (!abstract) removeQuietly(path);
  }
}

/** Each read delivered as it comes, with no gathering (for a reader that answers: the proxy's frames). */
function eachRead(buffer: Buffer, onData: (bytes: Buffer) => boolean): GatheredReads {
  return { next: () => buffer, read: (count) => onData(buffer.subarray(0, count)), flush: () => undefined };
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
