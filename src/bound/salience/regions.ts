// Cuts a stream of bytes into regions at fixed offsets, whatever pieces it arrives in: each region ends after the
// last newline before the next multiple of REGION_BYTES (or at that multiple when the line runs past it), so the
// byte path scans, samples and scores the same regions for a file read in 1 MiB and for a pipe's 64 KiB.

const NEWLINE = 0x0a;
/** The stream is cut near every multiple of this many bytes. */
const REGION_BYTES = 256 * 1024;

/** Hands `scan` the stream's regions in order; a piece that holds whole regions is passed on without a copy. */
export class FixedRegions {
  private readonly scan: (region: Buffer) => void;
  private readonly regionBytes: number;
  private stage: Buffer | undefined;
  private staged = 0;
  /** Bytes pushed so far, and the offset of the next cut's boundary. */
  private offset = 0;
  private boundary: number;

  constructor(scan: (region: Buffer) => void, regionBytes = REGION_BYTES) {
    this.scan = scan;
    this.regionBytes = regionBytes;
    this.boundary = regionBytes;
  }

  /** The next bytes of the stream (read only during the call). */
  push(bytes: Buffer): void {
    let at = 0;
    while (at < bytes.length) {
      const need = this.boundary - this.offset;
      if (bytes.length - at < need) {
        this.append(bytes.subarray(at));
        this.offset += bytes.length - at;
        return;
      }
      const upTo = bytes.subarray(at, at + need);
      this.offset += need;
      this.boundary += this.regionBytes;
      at += need;
      const newline = upTo.lastIndexOf(NEWLINE);
      if (this.staged === 0) {
        const cut = newline === -1 ? upTo.length : newline + 1;
        this.scan(upTo.subarray(0, cut));
        if (cut < upTo.length) this.append(upTo.subarray(cut));
        continue;
      }
      this.append(upTo);
      const stage = this.stage!;
      const stagedNewline = newline !== -1 ? this.staged - upTo.length + newline : stage.lastIndexOf(NEWLINE, this.staged - upTo.length - 1);
      const cut = stagedNewline === -1 ? this.staged : stagedNewline + 1;
      this.scan(stage.subarray(0, cut));
      stage.copyWithin(0, cut, this.staged);
      this.staged -= cut;
    }
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
    this.stage ??= Buffer.allocUnsafe(2 * this.regionBytes);
    this.stage.set(bytes, this.staged);
    this.staged += bytes.length;
  }
}
