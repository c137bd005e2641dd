// Cuts a stream of bytes into regions at fixed offsets, whatever pieces it arrives in: each region ends after the
// last newline before the next multiple of REGION_BYTES (or at that multiple when the line runs past it), so the
// byte path scans, samples and scores the same regions for a file read in 1 MiB and for a pipe's 64 KiB.

const NEWLINE = 0x0a;
/** The stream is cut near every multiple of this many bytes. */
const REGION_BYTES = 256 * 1024;
/** What is held between pushes never reaches two regions: a region's leftover (under one region) and the next region's bytes. */
export const MOST_HELD_BYTES = 2 * REGION_BYTES;

/** Where a region gathered from two pieces is copied, and which pieces need not be (see FixedRegions' constructor). */
export interface RegionMemory {
  /** Provides the buffer that holds a region gathered from two pieces (else one is allocated). */
  stage?: (bytes: number) => Buffer;
  /**
   * `pending` then `piece` in one view without gathering both, or undefined: where they lie when the piece comes
   * right after in memory that stays as it is while MOST_HELD_BYTES more are pushed (the tail ring's, with its slack).
   */
  join?: (pending: Buffer, piece: Buffer) => Buffer | undefined;
  /** Counts the bytes copied to gather regions (perf tests count them). */
  work?: { gatheredBytes: number };
}

/** Hands `scan` the stream's regions in order; a region that lies in one piece is passed on without a copy. */
export class FixedRegions {
  private readonly scan: (region: Buffer) => void;
  private readonly regionBytes: number;
  private readonly memory: RegionMemory;
  private readonly work: { gatheredBytes: number };
  private stage: Buffer | undefined;
  /** The bytes pushed but not scanned yet: where they lie (joined in the ring's memory), or the stage's start. */
  private pending: Buffer = Buffer.alloc(0);
  private staged = false;
  /** Bytes pushed so far, and the offset of the next cut's boundary. */
  private offset = 0;
  private boundary: number;

  /**
   * `memory.stage`, when given, is where a region gathered from two pieces is held (the needle scan's own window: the
   * region is then scanned where it was gathered, copied once, not twice). `memory.join` holds a region that begins
   * in one piece and goes on in the next where they lie, when it can (the tail ring's memory): not copied at all.
   */
  constructor(scan: (region: Buffer) => void, regionBytes = REGION_BYTES, memory: RegionMemory = {}) {
    this.scan = scan;
    this.memory = memory;
    this.work = memory.work ?? { gatheredBytes: 0 };
    this.regionBytes = regionBytes;
    this.boundary = regionBytes;
  }

  /**
   * The next bytes of the stream (read only during the call, unless `join` holds them). A region that lies in them
   * is passed on as it is; only the bytes of a region that began in an earlier piece, or goes on into the next, are
   * held.
   */
  push(bytes: Buffer): void {
    const pieceStart = this.offset;
    this.offset += bytes.length;
    // bytes[0, from) are scanned or held; what is held comes right before bytes[from] in the stream.
    let from = 0;
    while (this.boundary <= this.offset) {
      const at = this.boundary - pieceStart;
      this.boundary += this.regionBytes;
      const newline = bytes.subarray(from, at).lastIndexOf(NEWLINE);
      if (this.pending.length === 0) {
        const cut = newline === -1 ? at : from + newline + 1;
        this.scan(bytes.subarray(from, cut));
        from = cut;
      } else if (newline !== -1) {
        this.hold(bytes.subarray(from, from + newline + 1));
        from += newline + 1;
        this.scanHeld(this.pending.length);
      } else {
        this.hold(bytes.subarray(from, at));
        from = at;
        const held = this.pending.lastIndexOf(NEWLINE);
        this.scanHeld(held === -1 ? this.pending.length : held + 1);
      }
    }
    if (from < bytes.length) this.hold(bytes.subarray(from));
  }

  /** Scans the first `cut` bytes held and keeps the rest (at the stage's start, when staged). */
  private scanHeld(cut: number): void {
    this.scan(this.pending.subarray(0, cut));
    if (!this.staged) {
      this.pending = this.pending.subarray(cut);
      return;
    }
    const left = this.pending.length - cut;
    this.stage!.copyWithin(0, cut, this.pending.length);
    this.pending = this.stage!.subarray(0, left);
    this.work.gatheredBytes += left;
  }

  /** The bytes pushed but not scanned yet (valid until the next push or flush). */
  get held(): Buffer {
    return this.pending;
  }

  /** Scans what is held (the end of the stream). */
  flush(): void {
    if (this.pending.length === 0) return;
    const held = this.pending;
    this.pending = Buffer.alloc(0);
    this.staged = false;
    this.scan(held);
  }

  /** Holds `piece` after what is held: where they lie when `join` can, else gathered in the stage. */
  private hold(piece: Buffer): void {
    const pending = this.pending;
    if (pending.length === 0) this.staged = false;
    const joined = this.staged ? undefined : this.memory.join?.(pending, piece);
    if (joined) {
      this.pending = joined;
      return;
    }
    this.stage ??= this.memory.stage?.(2 * this.regionBytes) ?? Buffer.allocUnsafe(2 * this.regionBytes);
    if (!this.staged) {
      this.stage.set(pending, 0);
      this.work.gatheredBytes += pending.length;
      this.staged = true;
    }
    this.stage.set(piece, pending.length);
    this.work.gatheredBytes += piece.length;
    this.pending = this.stage.subarray(0, pending.length + piece.length);
  }
}
