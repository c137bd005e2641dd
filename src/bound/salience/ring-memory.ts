// The tail ring's memory inside the needle scan's WebAssembly memory: the bytes that leave the ring are scanned where
// they lie, and a region that spans two of the pieces the ring hands over is held there, not gathered.
import type { RingStorage } from "../byte-ring.js";

/** Memory before the tail ring that a region's start is copied into when the region goes on at the ring's start. */
const WRAP_MARGIN = 64 * 1024;

/** Where the ring lies in the scan's memory: a margin, the ring's room (its capacity and slack), a capacity after it. */
export class RingMemory {
  /** Bytes from the first of the margin on, to the end of the memory after the ring. */
  static bytesFor(capacity: number, slack: number): number {
    return WRAP_MARGIN + capacity + slack + capacity;
  }

  private readonly memory: Uint8Array;
  /** The margin's start, the ring's start, its wrap (the room's end) and the end of the memory after it. */
  private readonly base: number;
  private readonly start: number;
  private readonly wrap: number;
  private readonly end: number;
  /** What ByteRing is given (see RingStorage). */
  readonly storage: RingStorage;

  constructor(buffer: ArrayBuffer, base: number, capacity: number, slack: number) {
    this.memory = new Uint8Array(buffer);
    this.base = base;
    this.start = base + WRAP_MARGIN;
    this.wrap = this.start + capacity + slack;
    this.end = this.wrap + capacity;
    this.storage = { bytes: Buffer.from(buffer, this.start, this.end - this.start), room: capacity + slack };
  }

  /** True when `bytes` lie in the ring's memory (its margin included). */
  holds(bytes: Buffer): boolean {
    return bytes.buffer === this.memory.buffer && bytes.byteOffset >= this.base;
  }

  /**
   * `pending` then `piece`, both handed over by the ring (which keeps them for its slack), in one view: where they
   * lie when the piece comes right after. At the ring's wrap (the piece at its start), what is pending is copied
   * into the margin before the ring when it fits (the regions' cuts fall where the ring wraps when its room is a
   * multiple of theirs, as at the default budget: only the last partial line is pending), else the piece after the
   * ring's end, right after what is pending (as ByteRing.bytes puts a wrapped start: the same bytes, so neither
   * spoils the other). Undefined when they are not in the ring's memory or do not fit there.
   */
  join(pending: Buffer, piece: Buffer, work: { gatheredBytes: number }): Buffer | undefined {
    const buffer = this.memory.buffer;
    if (piece.buffer !== buffer || piece.byteOffset < this.start) return undefined;
    if (pending.length === 0) return piece;
    if (!this.holds(pending)) return undefined;
    const room = this.wrap - this.start;
    // bytes wholly after the wrap are their twin in the ring itself (the same bytes, kept by the slack)
    let from = pending.byteOffset >= this.wrap ? pending.byteOffset - room : pending.byteOffset;
    const to = from + pending.length;
    if (piece.byteOffset === to) return Buffer.from(buffer, from, pending.length + piece.length);
    if (to === this.wrap && piece.byteOffset === this.start && pending.length <= WRAP_MARGIN) {
      from = this.start - pending.length;
      this.memory.copyWithin(from, pending.byteOffset, to);
      work.gatheredBytes += pending.length;
    } else if (to >= this.wrap && piece.byteOffset === to - room && to + piece.length <= this.end) {
      this.memory.copyWithin(to, piece.byteOffset, piece.byteOffset + piece.length);
      work.gatheredBytes += piece.length;
    } else return undefined;
    return Buffer.from(buffer, from, pending.length + piece.length);
  }
}
