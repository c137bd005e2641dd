// A spill's data written on libuv's thread pool (at explicit offsets) from a few reused blocks, so the thread that
// reads the input does not wait for the page cache: the MCP server's runs (many in one long-lived process, they keep
// their spill off worker threads: a worker costs ~8 MiB however small), and `run`, whose spill worker follows the
// file as far as the pool confirmed it written (`confirmed`). One write at a time, the blocks that filled meanwhile
// in one call after it: writes to one file take its inode's lock in turn, and pool threads that wait for it spin. A
// block whose write has not succeeded when the spill ends is written again on the calling thread (the same bytes
// at the same offset), so the file is whole when `finish` returns. With no free block, bytes are written on the
// calling thread at once: a disk slower than the input throttles the reader as before. A reader may read its next
// bytes straight into the block being filled (`lend`): `write` then takes them where they lie, not copied again.
import * as fs from "node:fs";
import { WRITE_BYTES } from "./spill-output.js";

/**
 * Bytes per block: a whole read of `run`'s socket (~220 KiB when the command writes faster than run reads) fits
 * one, so a read lent a block (`lend`) is as large as one into run's own buffer (read-gather.ts); the blocks queued
 * behind a write go in one call in any case, 128 KiB calls (spill-output.ts) or not.
 */
export const POOLED_BLOCK_BYTES = 2 * WRITE_BYTES;
/** Blocks: at most this many writes in flight (1 MiB held by default). */
export const POOLED_BLOCKS = 4;

/** A block filled with the bytes at `position` onward, written or being written. */
interface Block {
  bytes: Buffer;
  length: number;
  position: number;
}

/** Writes one file's bytes at their offsets through the thread pool; a failure is thrown by `write` or `finish`. */
export class PooledWrites {
  private readonly free: Buffer[];
  private current: Block | undefined;
  /** Blocks whose write has not succeeded yet (in flight, or failed: `finish` writes them again). */
  private readonly unwritten = new Set<Block>();
  /** Writes handed to the thread pool that have not called back yet (one at most). */
  private inFlight = 0;
  /** Full blocks waiting for the write in flight, in file order. */
  private readonly queued: Block[] = [];
  private ended = false;
  private closed = false;
  /** Bytes written on the calling thread (no free block, the last partial block, rewrites at the end). */
  syncBytes = 0;
  /** Bytes handed to the thread pool. */
  pooledBytes = 0;
  /** Write calls made on the thread pool (one for the blocks queued behind a write in flight). */
  calls = 0;
  /** Bytes copied into blocks (all but those read into a lent block, which are taken where they lie). */
  copiedBytes = 0;
  /** The file position after the last byte given to `write`. */
  private end = 0;
  /** The least room the last `lend` was asked for: a lent block with less left goes to the pool once written. */
  private least = 0;
  /** `finish` wrote what was held or unconfirmed: the file is whole (writes in flight write the same bytes again). */
  private whole = false;

  /**
   * `fd`: a descriptor of its own on the file (closed here once no write is in flight after the end). `memory`: the
   * blocks are made of it, in order (the first block its start), when it is large enough; else each its own.
   */
  private constructor(private readonly fd: number, blocks: number, blockBytes: number, memory?: Buffer) {
    const made = memory !== undefined && memory.length >= blocks * blockBytes;
    // `startBlock` takes the last: the block at the memory's start is taken first
    this.free = Array.from({ length: blocks }, (_, index) => (made ? memory.subarray((blocks - 1 - index) * blockBytes, (blocks - index) * blockBytes) : Buffer.allocUnsafeSlow(blockBytes)));
  }

  /**
   * Opens the file behind `dataFd` a second time, by its path, for the pooled writes (never through a symlink, and
   * only if the path still names that file); undefined when it cannot be (the caller writes synchronously).
   * `memory`: what the blocks are made of (SpillSinkOptions.blockMemory): the bytes of the first `write` calls that
   * lie where the blocks from its start take them are not copied.
   */
  static open(path: string, dataFd: number, blocks = POOLED_BLOCKS, blockBytes = POOLED_BLOCK_BYTES, memory?: Buffer): PooledWrites | undefined {
    let fd: number | undefined;
    try {
      fd = fs.openSync(path, fs.constants.O_WRONLY | fs.constants.O_NOFOLLOW);
      const [opened, data] = [fs.fstatSync(fd), fs.fstatSync(dataFd)];
      if (opened.ino !== data.ino || opened.dev !== data.dev) throw new Error(`${path} is no longer the spill's file`);
      return new PooledWrites(fd, blocks, blockBytes, memory);
    } catch {
      if (fd !== undefined) fs.closeSync(fd);
      return undefined;
    }
  }

  /**
   * Bytes from the file's start (the first call's position) known to be written: up to the first byte still held
   * or not yet written by the pool (a spill worker that follows the file reads no further).
   */
  get confirmed(): number {
    if (this.whole) return this.end;
    let confirmed = this.current !== undefined && this.current.length > 0 ? this.current.position : this.end;
    for (const block of this.unwritten) confirmed = Math.min(confirmed, block.position);
    return confirmed;
  }

  /**
   * Room for the caller to read its next bytes into: the rest of the block being filled, or (less than `least`
   * left) a free block once that one is handed to the pool; undefined when no block is free. Bytes read there and
   * given to `write` next are taken where they lie. The room is only ever the free end of the block being filled,
   * the caller's until it asks again: nothing else writes there but `write`, at the file's next byte (bytes read
   * into it and not given to `write` are overwritten, never written), and the block goes to the pool only once
   * full or at the next `lend`, or as soon as bytes read into it leave less than `least` (the caller reads no more
   * into a room once less than `least` of it is left: it asks again); a block in flight is only read (by the pool,
   * and by whoever reads the bytes delivered), so its write starts while the caller goes on with them.
   */
  lend(least: number): Buffer | undefined {
    if (this.ended) return undefined;
    this.least = least;
    let block = this.current;
    if (block !== undefined && block.length > 0 && block.bytes.length - block.length < least) {
      this.issue(block);
      block = undefined;
    }
    block ??= this.startBlock(this.end);
    return block?.bytes.subarray(block.length);
  }

  /** Writes `bytes` at `position` of the file behind `dataFd` (contiguous with the last call); they may be reused once this returns. */
  write(dataFd: number, bytes: Uint8Array, position: number): void {
    this.end = position + bytes.length;
    for (let offset = 0; offset < bytes.length; ) {
      const block = this.current ?? this.startBlock(position + offset);
      if (block === undefined) {
        this.writeSync(dataFd, bytes.subarray(offset), position + offset);
        return;
      }
      if (block.length === 0) block.position = position + offset; // a lent block starts where the bytes go
      const take = Math.min(block.bytes.length - block.length, bytes.length - offset);
      const lent = liesAt(bytes, offset, block);
      if (!lent) {
        block.bytes.set(bytes.subarray(offset, offset + take), block.length);
        this.copiedBytes += take;
      }
      block.length += take;
      offset += take;
      if (block.length === block.bytes.length || (lent && block.bytes.length - block.length < this.least)) this.issue(block);
    }
  }

  /** Writes what is still held or unconfirmed on this thread, so the file is complete; errors are thrown. */
  finish(dataFd: number): void {
    this.ended = true;
    this.queued.length = 0; // unwritten: written below
    const block = this.current;
    this.current = undefined;
    if (block !== undefined && block.length > 0) this.writeSync(dataFd, block.bytes.subarray(0, block.length), block.position);
    for (const unwritten of [...this.unwritten]) this.writeSync(dataFd, unwritten.bytes.subarray(0, unwritten.length), unwritten.position);
    this.whole = true;
    this.closeWhenIdle();
  }

  /** Drops what is held (the spill is abandoned); writes in flight land in a file about to be removed. */
  dispose(): void {
    this.ended = true;
    this.current = undefined;
    this.queued.length = 0;
    this.closeWhenIdle();
  }

  private startBlock(position: number): Block | undefined {
    const bytes = this.free.pop();
    if (bytes === undefined) return undefined;
    this.current = { bytes, length: 0, position };
    return this.current;
  }

  /** A full block: written now, or after the write in flight (one at a time: a file's writes take its inode's lock). */
  private issue(block: Block): void {
    this.current = undefined;
    this.unwritten.add(block);
    this.pooledBytes += block.length;
    this.queued.push(block);
    if (this.inFlight === 0) this.issueQueued();
  }

  /** Hands the queued blocks that follow each other to the pool in one call. */
  private issueQueued(): void {
    let count = 1;
    while (count < this.queued.length && this.queued[count]!.position === this.queued[count - 1]!.position + this.queued[count - 1]!.length) count += 1;
    const blocks = this.queued.splice(0, count);
    this.calls += 1;
    this.inFlight += 1;
    fs.writev(this.fd, blocks.map((block) => block.bytes.subarray(0, block.length)), blocks[0]!.position, (error, written) => {
      this.inFlight -= 1;
      // A block a failed or short write did not cover stays unwritten (its buffer out of use): `finish` writes it
      // again and throws what it meets.
      for (let covered = 0, index = 0; index < blocks.length && !error && (covered += blocks[index]!.length) <= written; index += 1) {
        this.unwritten.delete(blocks[index]!);
        if (!this.ended) this.free.push(blocks[index]!.bytes);
      }
      if (this.ended) this.closeWhenIdle();
      else if (this.queued.length > 0) this.issueQueued();
    });
  }

  private writeSync(fd: number, bytes: Uint8Array, position: number): void {
    for (let offset = 0; offset < bytes.length; ) offset += fs.writeSync(fd, bytes, offset, bytes.length - offset, position + offset);
    this.syncBytes += bytes.length;
  }

  /** Closes the pool's descriptor once the end came and no write is in flight (a queued write still needs it). */
  private closeWhenIdle(): void {
    if (this.inFlight > 0 || this.closed) return;
    this.closed = true;
    try {
      fs.closeSync(this.fd);
    } catch {
      // nothing more to do with it
    }
  }
}

/** True when `bytes` from `offset` on are already where the block's next bytes go (read into its lent room). */
function liesAt(bytes: Uint8Array, offset: number, block: Block): boolean {
  return bytes.buffer === block.bytes.buffer && bytes.byteOffset + offset === block.bytes.byteOffset + block.length;
}
