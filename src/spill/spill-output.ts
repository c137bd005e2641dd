// The data side of saving one spill: write the bytes at their place in the file, hash them and index their
// lines. The same code runs in the spill worker (spill-consumer.ts) or on the calling thread (spill-sink.ts).
// Bytes may be written first and hashed later, read back from the file (`write`, then `catchUp`): the calling
// thread only writes while a worker may still take over, so that no byte is hashed twice.
import type { Hash } from "node:crypto";
import * as fs from "node:fs";
import { newlineCountWindow, newlineCountWork } from "../text/newline-count.js";
import { IndexFile } from "./index-file.js";

/** An injected write failure (tests): the data write that would pass `afterBytes` fails with `code`. */
export interface SpillFault {
  afterBytes: number;
  code: string;
}

/** The files of one spill (opened by the writer): the data, and its line index when it could be created. */
export interface SpillFiles {
  dataFd: number;
  dataPath: string;
  indexFd?: number;
}

/**
 * What an output did, for the tests that count work: bytes hashed, read back, write calls, read calls, and bytes
 * the line index copied to count them (none for bytes read back: they are read where the counter counts).
 */
export interface SpillWork {
  hashed: number;
  readBack: number;
  writeCalls: number;
  readCalls: number;
  indexCopied: number;
}

/**
 * Writes that complete later, off the calling thread: pooled-writes.ts (`run`, blocks of its own) or
 * spill-ring-writes.ts (the spill worker, straight from its ring).
 */
export interface LaterWrites {
  write(fd: number, bytes: Uint8Array, position: number): void;
  /** Called before the data file is closed: the file must then be whole (a failure is thrown). */
  finish(fd: number): void;
  dispose(): void;
  /** Bytes from the file's start known to be written, where that can lag `written`: catchUp reads no further. */
  readonly confirmed?: number;
  /** Room to read the next bytes into, taken there by `write` without a copy (pooled-writes.ts), if any is free. */
  lend?(least: number): Buffer | undefined;
}

/** Bytes read back per step when catching up (what the newline counter's window holds). */
export const READ_BACK_BYTES = 1024 * 1024;
/**
 * Bytes per write call at most, as `tee` and `cp` write (coreutils' 128 KiB): on the bench machine (Linux 6.18,
 * ext4) writing 1 GiB in 1 MiB calls took 1.0–2.0 s of kernel time against 0.2–0.3 s in 128 KiB calls (dd,
 * alternated), and the spill's writes were what held a 1 GiB spill back.
 */
export const WRITE_BYTES = 128 * 1024;

/** Writes, hashes and indexes a spill's bytes in order; a write error is thrown. */
export class SpillOutput {
  private readonly files: SpillFiles;
  private readonly hash: Hash;
  private readonly fault: SpillFault | undefined;
  private dataFd: number | undefined;
  private index: IndexFile | undefined;
  /** Bytes written to the data file so far. */
  written: number;
  /** Bytes hashed and indexed so far (the rest of `written` waits for catchUp). */
  hashed: number;
  readonly work: SpillWork = { hashed: 0, readBack: 0, writeCalls: 0, readCalls: 0, indexCopied: 0 };
  private readBuffer: Buffer | undefined;

  /**
   * `written`: bytes already in the file (written by another thread), hashed by catchUp. `pool`: the writes go
   * through libuv's thread pool; catchUp reads back only what it says is written (`confirmed`).
   */
  constructor(files: SpillFiles, hash: Hash, fault?: SpillFault, written = 0, private readonly pool?: LaterWrites) {
    this.files = files;
    this.hash = hash;
    this.fault = fault;
    this.dataFd = files.dataFd;
    this.written = written;
    this.hashed = 0;
  }

  /** Saves the next bytes: written, hashed and indexed (the caller may reuse them once this returns). */
  take(bytes: Uint8Array): void {
    this.catchUp();
    if (this.hashed < this.written) throw new Error("the spill's hash is behind writes still in flight");
    this.write(bytes);
    this.digest(bytes);
  }

  /** Room for the caller to read the next bytes into, which `write` then takes without a copy (later writes only). */
  readRoom(least: number): Buffer | undefined {
    return this.dataFd === undefined ? undefined : this.pool?.lend?.(least);
  }

  /** Writes the next bytes only; catchUp hashes and indexes them later, read back from the file. */
  write(bytes: Uint8Array): void {
    const fd = this.openFd();
    if (this.fault && this.written + bytes.length > this.fault.afterBytes) throw Object.assign(new Error(`injected ${this.fault.code}`), { code: this.fault.code });
    if (this.pool) this.pool.write(fd, bytes, this.written);
    else {
      for (let offset = 0; offset < bytes.length; ) {
        offset += fs.writeSync(fd, bytes, offset, Math.min(WRITE_BYTES, bytes.length - offset), this.written + offset);
        this.work.writeCalls += 1;
      }
    }
    this.written += bytes.length;
  }

  /** Hashes and indexes what was written but not yet hashed (at most `limit` bytes of it), read back from the file. */
  catchUp(limit = Infinity): void {
    const fd = this.openFd();
    const end = Math.min(this.readable, this.hashed + limit);
    if (this.hashed >= end) return;
    // Read into the newline counter's own memory where it can be: the index counts the bytes there, not copied.
    this.readBuffer ??= readBackBuffer();
    while (this.hashed < end) {
      const read = fs.readSync(fd, this.readBuffer, 0, Math.min(READ_BACK_BYTES, end - this.hashed), this.hashed);
      this.work.readCalls += 1;
      if (read === 0) throw new Error(`the spill file is shorter than the ${this.written} bytes written to it`);
      this.work.readBack += read;
      this.digest(this.readBuffer.subarray(0, read));
    }
  }

  /** Bytes from the file's start that can be read back (written, and not still in flight). */
  get readable(): number {
    return this.pool?.confirmed ?? this.written;
  }

  /** Closes the data file and the index (a close error is thrown: the data may not be on disk); the sha256 in hex. */
  finish(): string {
    const fd = this.openFd();
    this.pool?.finish(fd); // the file is whole from here (a failure is thrown: the caller disposes)
    this.catchUp();
    this.dataFd = undefined;
    fs.closeSync(fd);
    this.indexFile()?.close();
    return this.hash.digest("hex");
  }

  /**
   * Makes the data file whole without closing it (the later writes' leftovers written here; a failure is thrown):
   * a spill worker following the file may then read all of `written`.
   */
  finishWrites(): void {
    this.pool?.finish(this.openFd());
  }

  /**
   * Closes the data file alone (a worker that followed it has the index), the later writes still held dropped (none
   * once `finishWrites` succeeded); the close's error, if any (the data may not be on disk).
   */
  closeData(): Error | undefined {
    this.pool?.dispose();
    const fd = this.dataFd;
    this.dataFd = undefined;
    try {
      if (fd !== undefined) fs.closeSync(fd);
      return undefined;
    } catch (error) {
      return error as Error;
    }
  }

  /** Closes the files quietly (after a failure, or when the spill is dropped; the caller removes them). */
  dispose(): void {
    this.pool?.dispose();
    if (this.dataFd !== undefined) closeQuietly(this.dataFd);
    this.dataFd = undefined;
    if (this.index) this.index.remove();
    else if (this.files.indexFd !== undefined) closeQuietly(this.files.indexFd);
    this.files.indexFd = undefined;
  }

  /** Hashes and indexes the next bytes (the caller keeps them in order: they follow what was hashed so far). */
  digest(bytes: Uint8Array): void {
    this.hash.update(bytes);
    const copied = newlineCountWork.copied;
    this.indexFile()?.write(bytes);
    this.work.indexCopied += newlineCountWork.copied - copied;
    this.hashed += bytes.length;
    this.work.hashed += bytes.length;
  }

  /** The index, started by the first bytes hashed (the thread that hashes writes it, from its header on). */
  private indexFile(): IndexFile | undefined {
    if (!this.index && this.files.indexFd !== undefined) this.index = new IndexFile(this.files.dataPath, this.files.indexFd);
    return this.index;
  }

  private openFd(): number {
    if (this.dataFd === undefined) throw new Error("the spill is closed");
    return this.dataFd;
  }
}

/** Where bytes are read back: the newline counter's window (counted in place), else a buffer of READ_BACK_BYTES. */
function readBackBuffer(): Buffer {
  const window = newlineCountWindow();
  return window && window.length >= READ_BACK_BYTES ? Buffer.from(window.buffer, window.byteOffset, READ_BACK_BYTES) : Buffer.allocUnsafe(READ_BACK_BYTES);
}

/** Closes a file descriptor, ignoring errors. */
export function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // nothing more to do with it
  }
}
