// The spill worker's data writes, handed to libuv's thread pool straight from the ring (no copy), so that the
// worker hashes and indexes the next bytes while a pool thread writes the ones before: the hash no longer waits
// behind the writes, and a core left idle (the reading thread waiting for room) takes the writes. One write is
// issued at a time, the next once it is done: writes to one file take its inode's lock in turn, and pool threads
// that waited for it spun on it (~13 % of all CPU samples at 1 GiB, with four writes in flight). Writes go at
// explicit offsets; `confirmed` says how far the file is whole, and the caller gives ring bytes back only up to there.
import * as fs from "node:fs";

/** One piece to write: its bytes, where it goes and ends in the file, and whether it is written. */
interface Piece {
  fd: number;
  bytes: Uint8Array;
  position: number;
  end: number;
  done: boolean;
}

/** Writes one file's bytes at their offsets through the thread pool; the first failure is kept and thrown by `check`. */
export class RingWrites {
  /** Bytes from the file's start that are written (the pieces after may be in flight). */
  confirmed: number;
  /** Write calls handed to the pool, for the tests that count work. */
  calls = 0;
  /** Pieces not yet known written, in file order. */
  private readonly pieces: Piece[] = [];
  /** Pieces waiting for the write before them to be done (never issued after a failure). */
  private readonly waiting: Piece[] = [];
  /** Write calls whose callback has not come (one at most). */
  private outstanding = 0;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  /** `written`: bytes already in the file (written by another thread). */
  constructor(written: number) {
    this.confirmed = written;
  }

  /** Writes that have not completed: the one the pool has and those waiting for it. */
  get inFlight(): number {
    return this.outstanding + this.waiting.length;
  }

  /**
   * Writes `bytes` at `position` (contiguous with the last call, one pwrite, once the writes before it are done);
   * they must not change until `confirmed` passes them.
   */
  write(fd: number, bytes: Uint8Array, position: number): void {
    const entry = { fd, bytes, position, end: position + bytes.length, done: false };
    this.pieces.push(entry);
    if (this.failure) return; // never written: check throws the failure
    if (this.outstanding > 0) this.waiting.push(entry);
    else this.issue(entry, bytes, position);
  }

  /** Throws the first failed write. */
  check(): void {
    if (this.failure) throw this.failure;
  }

  /** Resolves once a piece in flight completes (at once when none is). */
  next(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  /** Resolves once nothing is in flight. */
  async idle(): Promise<void> {
    while (this.inFlight > 0) await this.next();
  }

  /** For SpillOutput: the file must be whole here (the caller waited for `idle`). */
  finish(): void {
    this.check();
    if (this.inFlight > 0 || this.pieces.length > 0) throw new Error("the spill's writes are still in flight");
  }

  /** For SpillOutput: nothing is held here (the bytes are the ring's). */
  dispose(): void {}

  /** Hands `bytes` (the rest of `entry`'s) to the pool at `position`; the next waiting piece follows once it is done. */
  private issue(entry: Piece, bytes: Uint8Array, position: number): void {
    this.calls += 1;
    this.outstanding += 1;
    fs.write(entry.fd, bytes, 0, bytes.length, position, (error, written) => {
      this.outstanding -= 1;
      if (!error && written > 0 && written < bytes.length) return this.issue(entry, bytes.subarray(written), position + written); // the rest of a short write
      if (error || written === 0) this.failure ??= error ?? new Error(`a write of the spill at byte ${position} wrote nothing`);
      else entry.done = true;
      while (this.pieces[0]?.done) this.confirmed = this.pieces.shift()!.end;
      const next = this.failure ? undefined : this.waiting.shift();
      if (this.failure) this.waiting.length = 0; // never written: idle ends, check throws
      if (next) this.issue(next, next.bytes, next.position);
      const wake = this.wake;
      this.wake = undefined;
      wake?.();
    });
  }
}
