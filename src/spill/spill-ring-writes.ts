// The spill worker's data writes, handed to libuv's thread pool straight from the ring (no copy), so that the
// worker hashes and indexes the next bytes while a pool thread writes the ones before: the hash no longer waits
// behind the writes, and a core left idle (the reading thread waiting for room) takes the writes. Writes go at
// explicit offsets and may complete in any order; `confirmed` says how far the file is whole, and the caller
// gives ring bytes back only up to there.
import * as fs from "node:fs";

/** One piece handed to the pool: where it ends in the file, and whether it is written. */
interface Piece {
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
  /** Write calls whose callback has not come. */
  private outstanding = 0;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  /** `written`: bytes already in the file (written by another thread). */
  constructor(written: number) {
    this.confirmed = written;
  }

  /** Write calls handed to the pool that have not completed. */
  get inFlight(): number {
    return this.outstanding;
  }

  /** Writes `bytes` at `position` (contiguous with the last call, one pwrite); they must not change until `confirmed` passes them. */
  write(fd: number, bytes: Uint8Array, position: number): void {
    const entry = { end: position + bytes.length, done: false };
    this.pieces.push(entry);
    this.issue(fd, bytes, position, entry);
  }

  /** Throws the first failed write. */
  check(): void {
    if (this.failure) throw this.failure;
  }

  /** Resolves once a piece in flight completes (at once when none is). */
  next(): Promise<void> {
    if (this.outstanding === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  /** Resolves once nothing is in flight. */
  async idle(): Promise<void> {
    while (this.outstanding > 0) await this.next();
  }

  /** For SpillOutput: the file must be whole here (the caller waited for `idle`). */
  finish(): void {
    this.check();
    if (this.outstanding > 0 || this.pieces.length > 0) throw new Error("the spill's writes are still in flight");
  }

  /** For SpillOutput: nothing is held here (the bytes are the ring's). */
  dispose(): void {}

  private issue(fd: number, piece: Uint8Array, position: number, entry: Piece): void {
    this.calls += 1;
    this.outstanding += 1;
    fs.write(fd, piece, 0, piece.length, position, (error, written) => {
      this.outstanding -= 1;
      if (!error && written > 0 && written < piece.length) return this.issue(fd, piece.subarray(written), position + written, entry); // the rest of a short write
      if (error || written === 0) this.failure ??= error ?? new Error(`a write of the spill at byte ${position} wrote nothing`);
      else entry.done = true;
      while (this.pieces[0]?.done) this.confirmed = this.pieces.shift()!.end;
      const wake = this.wake;
      this.wake = undefined;
      wake?.();
    });
  }
}
