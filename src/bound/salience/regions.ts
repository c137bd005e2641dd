// Cuts a stream of bytes into regions at fixed offsets, whatever pieces it arrives in: each region ends after the
// last newline before the next multiple of REGION_BYTES (or at that multiple when the line runs past it), so the
// byte path scans, samples and scores the same regions for a file read in 1 MiB and for a pipe's 64 KiB.

const NEWLINE = 0x0a;
/** The stream is cut near every multiple of this many bytes. */
const REGION_BYTES = 256 * 1024;

/** Hands `scan` the stream's regions in order; a region that lies in one piece is passed on without a copy. */
export class FixedRegions {
  private readonly scan: (region: Buffer) => void;
  private readonly regionBytes: number;
  private readonly newStage: ((bytes: number) => Buffer) | undefined;
  private stage: Buffer | undefined;
  private staged = 0;
  /** Bytes pushed so far, and the offset of the next cut's boundary. */
  private offset = 0;
  private boundary: number;

  /**
   * `stage`, when given, provides the buffer that holds a region gathered from two pieces (the needle scan's own
   * window: the region is then scanned where it was gathered, copied once, not twice); else one is allocated.
   */
  constructor(scan: (region: Buffer) => void, regionBytes = REGION_BYTES, newStage?: (bytes: number) => Buffer) {
    this.scan = scan;
    this.newStage = newStage;
    this.regionBytes = regionBytes;
    this.boundary = regionBytes;
  }

  /**
   * The next bytes of the stream (read only during the call). A region that lies in them is passed on as it is;
   * only the bytes of a region that began in an earlier piece, or goes on into the next, are held (copied).
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
      if (this.staged === 0) {
        const cut = newline === -1 ? at : from + newline + 1;
        this.scan(bytes.subarray(from, cut));
        from = cut;
      } else if (newline !== -1) {
        this.append(bytes.subarray(from, from + newline + 1));
        from += newline + 1;
        this.scanHeld(this.staged);
      } else {
        this.append(bytes.subarray(from, at));
        from = at;
        const held = this.stage!.lastIndexOf(NEWLINE, this.staged - 1);
        this.scanHeld(held === -1 ? this.staged : held + 1);
      }
    }
    if (from < bytes.length) this.append(bytes.subarray(from));
  }

  /** Scans the first `cut` bytes held and keeps the rest. */
  private scanHeld(cut: number): void {
    const stage = this.stage!;
    this.scan(stage.subarray(0, cut));
    stage.copyWithin(0, cut, this.staged);
    this.staged -= cut;
  }

  /** The bytes pushed but not scanned yet (valid until the next push or flush). */
  get held(): Buffer {
    return this.stage === undefined ? Buffer.alloc(0) : this.stage.subarray(0, this.staged);
  }

  /** Scans what is held (the end of the stream). */
  flush(): void {
    if (this.staged === 0) return;
    const held = this.stage!.subarray(0, this.staged);
    this.staged = 0;
    this.scan(held);
  }

  private append(bytes: Buffer): void {
    // What is held never reaches two regions: a region's leftover (under one region) and the next region's bytes.
    this.stage ??= this.newStage?.(2 * this.regionBytes) ?? Buffer.allocUnsafe(2 * this.regionBytes);
    this.stage.set(bytes, this.staged);
    this.staged += bytes.length;
  }
}
