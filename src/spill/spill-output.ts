// The data side of saving one spill: write the bytes and hash them. The same code runs in the spill worker
// (spill-consumer.ts) or on the calling thread (spill-sink.ts); the line index is built on the calling thread.
import type { Hash } from "node:crypto";
import * as fs from "node:fs";

/** An injected write failure (tests): the data write that would pass `afterBytes` fails with `code`. */
export interface SpillFault {
  afterBytes: number;
  code: string;
}

/** The file one spill's data goes to (opened by the writer; written at its current offset). */
export interface SpillFiles {
  dataFd: number;
  dataPath: string;
}

/** Writes and hashes a spill's bytes in order; a write error is thrown. */
export class SpillOutput {
  private readonly hash: Hash;
  private readonly fault: SpillFault | undefined;
  private dataFd: number | undefined;
  /** Bytes written to the data file so far. */
  written = 0;

  constructor(files: SpillFiles, hash: Hash, fault?: SpillFault, written = 0) {
    this.hash = hash;
    this.fault = fault;
    this.dataFd = files.dataFd;
    this.written = written;
  }

  /** Saves the next bytes (the caller may reuse them once this returns). */
  take(bytes: Uint8Array): void {
    if (this.dataFd === undefined) throw new Error("the spill is closed");
    if (this.fault && this.written + bytes.length > this.fault.afterBytes) throw Object.assign(new Error(`injected ${this.fault.code}`), { code: this.fault.code });
    for (let offset = 0; offset < bytes.length; ) offset += fs.writeSync(this.dataFd, bytes, offset, bytes.length - offset);
    this.hash.update(bytes);
    this.written += bytes.length;
  }

  /** Hashes bytes already in the file (written before this output took over), without writing them. */
  hashWritten(bytes: Uint8Array): void {
    this.hash.update(bytes);
  }

  /** Closes the data file (a close error is thrown: the data may not be on disk); the sha256 in hex. */
  finish(): string {
    const fd = this.dataFd;
    if (fd === undefined) throw new Error("the spill is closed");
    this.dataFd = undefined;
    fs.closeSync(fd);
    return this.hash.digest("hex");
  }

  /** Closes the file quietly (after a failure, or when the spill is dropped). */
  dispose(): void {
    if (this.dataFd !== undefined) closeQuietly(this.dataFd);
    this.dataFd = undefined;
  }
}

/** Closes a file descriptor, ignoring errors. */
export function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // nothing more to do with it
  }
}
